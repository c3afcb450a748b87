import { todayInLagos, type PlayerLevel } from '@touchline/shared';
import type { Database, Transaction } from '../client';
import { insertMessage } from '../repositories/chat-messages.repository';
import { openThread, type ChatMessageRow } from '../repositories/chat.repository';
import { insertPost } from '../repositories/posts.repository';
import {
  insertRegistration,
  type InsertedRegistration,
  type PaymentProviderName,
  type RegistrationStatusValue,
} from '../repositories/registrations.repository';
import {
  insertBlock,
  insertFollow,
  insertFriendship,
  insertRequest,
} from '../repositories/social.repository';
import {
  createTrial,
  findTrialById,
  listTrialRequirements,
  type NewTrial,
} from '../repositories/trials.repository';
import {
  findUserById,
  insertUser,
  type NewUser,
  type UserRow,
} from '../repositories/users.repository';
import { uuidv7 } from '../uuid';

/**
 * One declarative way for tests (db, worker, API) to build the world they start from:
 *
 * ```ts
 * const w = await seed(db, {
 *   users: { club: { role: 'academy' }, ada: {}, kid: { dob: '2014-02-01' } },
 *   trials: { open: { by: 'club', feeKobo: 500_000, requirements: ['Position?'] } },
 *   registrations: { adas: { trial: 'open', player: 'ada', answers: ['CM'] } },
 *   friendships: [['ada', 'kid']],
 * });
 * w.users.ada.id; w.trials.open.id; w.registrations.adas.payment?.reference;
 * ```
 *
 * Everything is written in one transaction through the repositories' writers, as the product's
 * transactions leave it: no rules are checked (a seed states a world; the API's decisions are
 * tested on their own), no events are appended and no notifications made. Entries refer to each
 * other by their keys, or name a stored row by `{ id }` (a world seeded before); an unknown key
 * or id throws.
 */

/** An entry of this world by its key, or a stored row by its id. */
export type SeedRef = string | { id: string };

/** An account: any column; players are adults born 1995-06-15 unless a `dob` (or null) is given. */
export type SeedUser = Partial<NewUser>;

/** A trial by the academy `by`: any column of `NewTrial` (defaults: free, in two weeks). */
export type SeedTrial = { by: SeedRef } & Partial<Omit<NewTrial, 'academyId'>>;

/**
 * A registration of `player` for `trial`. Status: `pending_payment` (with a pending payment
 * held `holdMinutes`) for a paid trial, else `registered`, unless given; a live status takes a
 * place. `answers` are in requirement order ('Yes' for each by default).
 */
export type SeedRegistration = {
  trial: SeedRef;
  player: SeedRef;
  status?: RegistrationStatusValue;
  answers?: string[];
  level?: PlayerLevel;
  /** The name typed on the form (the account's name by default). */
  name?: string;
  email?: string;
  phone?: string;
  createdAt?: Date;
};

/** A post by `by`, text only. */
export type SeedPost = { by: SeedRef; content?: string; createdAt?: Date };

/** A conversation of two users (the first opens it) with its messages, oldest first. */
export type SeedConversation = {
  between: [SeedRef, SeedRef];
  messages?: { from: SeedRef; text: string; at?: Date }[];
};

export type SeedWorld = {
  users?: Record<string, SeedUser>;
  trials?: Record<string, SeedTrial>;
  registrations?: Record<string, SeedRegistration>;
  posts?: Record<string, SeedPost>;
  conversations?: Record<string, SeedConversation>;
  /** Pairs of friends. */
  friendships?: [SeedRef, SeedRef][];
  /** Pending requests: [from, to]. */
  friendRequests?: [SeedRef, SeedRef][];
  /** [follower, academy]. */
  follows?: [SeedRef, SeedRef][];
  /** [blocker, blocked]. */
  blocks?: [SeedRef, SeedRef][];
};

type Keys<R> = R extends Record<string, unknown> ? keyof R : never;

export type Seeded<W extends SeedWorld> = {
  users: Record<Keys<W['users']>, UserRow>;
  trials: Record<Keys<W['trials']>, { id: string; requirementIds: string[] }>;
  registrations: Record<Keys<W['registrations']>, InsertedRegistration>;
  posts: Record<Keys<W['posts']>, { id: string }>;
  conversations: Record<
    Keys<W['conversations']>,
    { id: string; name: string; messages: ChatMessageRow[] }
  >;
};

export type SeedOptions = {
  /** "Now" of the seeded world (registrations, holds, default dates); real time by default. */
  now?: Date;
  /** The provider named by seeded payments. */
  provider?: PaymentProviderName;
  holdMinutes?: number;
};

type Pair = (tx: Transaction, a: string, b: string) => Promise<unknown>;

const LIVE: readonly RegistrationStatusValue[] = [
  'pending_payment',
  'registered',
  'selected',
  'rejected',
];

/** A Lagos calendar date `days` after `today`. */
function dayAfter(today: string, days: number): string {
  return new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Builds `world` in `db` (one transaction) and answers every entry by its key. */
export async function seed<W extends SeedWorld>(
  db: Database,
  world: W,
  options: SeedOptions = {},
): Promise<Seeded<W>> {
  const now = options.now ?? new Date();
  const today = todayInLagos(now);
  return db.transaction(async (tx) => {
    const users: Record<string, UserRow> = {};
    const user = async (ref: SeedRef) => {
      const found = typeof ref === 'string' ? users[ref] : await findUserById(tx, ref.id);
      if (!found) throw new Error(`seed: no user ${JSON.stringify(ref)}`);
      return found;
    };
    for (const [key, values] of Object.entries(world.users ?? {}))
      users[key] = await seedUser(tx, values, now);

    type TrialRef = { id: string; requirementIds: string[]; feeKobo: number };
    const trials: Record<string, TrialRef> = {};
    const trialOf = async (ref: SeedRef): Promise<TrialRef> => {
      if (typeof ref === 'string') {
        if (!trials[ref]) throw new Error(`seed: no trial '${ref}'`);
        return trials[ref];
      }
      const row = await findTrialById(tx, ref.id);
      if (!row) throw new Error(`seed: no trial ${ref.id}`);
      const requirementIds = (await listTrialRequirements(tx, row.id)).map((r) => r.id);
      return { id: row.id, requirementIds, feeKobo: row.feeKobo };
    };
    for (const [key, { by, ...values }] of Object.entries(world.trials ?? {})) {
      const trial = {
        name: `Open Trial ${key}`,
        sport: 'football' as const,
        sportOther: null,
        state: 'Lagos',
        district: 'Ikeja',
        venue: 'Teslim Balogun Stadium',
        landmark: '',
        trialDate: dayAfter(today, 14),
        startTime: '09:00',
        deadline: dayAfter(today, 7),
        minAge: null,
        maxAge: null,
        participantLimit: null,
        feeKobo: 0,
        imageMediaId: null,
        description: '',
        requirements: [],
        ...values,
        academyId: (await user(by)).id,
      };
      const { id } = await createTrial(tx, trial);
      const requirementIds = (await listTrialRequirements(tx, id)).map((r) => r.id);
      trials[key] = { id, requirementIds, feeKobo: trial.feeKobo };
    }

    const registrations: Record<string, InsertedRegistration> = {};
    for (const [key, r] of Object.entries(world.registrations ?? {})) {
      const trial = await trialOf(r.trial);
      const player = await user(r.player);
      const at = r.createdAt ?? now;
      const status = r.status ?? (trial.feeKobo > 0 ? 'pending_payment' : 'registered');
      const pending = status === 'pending_payment';
      registrations[key] = await insertRegistration(tx, {
        trialId: trial.id,
        playerId: player.id,
        name: r.name ?? player.username,
        dob: player.dob ?? '1995-06-15',
        phone: r.phone ?? '+2348012345678',
        email: r.email ?? player.email,
        state: player.state ?? 'Lagos',
        district: player.district ?? 'Ikeja',
        level: r.level ?? 'local',
        status,
        holdExpiresAt: pending
          ? new Date(at.getTime() + (options.holdMinutes ?? 30) * 60_000)
          : null,
        takesPlace: LIVE.includes(status),
        answers: trial.requirementIds.map((requirementId, i) => ({
          requirementId,
          answer: r.answers?.[i] ?? 'Yes',
        })),
        payment: pending
          ? { amountKobo: trial.feeKobo, currency: 'NGN', provider: options.provider ?? 'sandbox' }
          : null,
        now: at,
      });
    }

    const posts: Record<string, { id: string }> = {};
    for (const [key, p] of Object.entries(world.posts ?? {}))
      posts[key] = await insertPost(tx, {
        authorId: (await user(p.by)).id,
        content: p.content ?? `Post ${key}`,
        mediaId: null,
        mediaKind: null,
        ...(p.createdAt ? { createdAt: p.createdAt } : {}),
      });

    const pairs = async (list: [SeedRef, SeedRef][] | undefined, write: Pair) => {
      for (const [a, b] of list ?? []) await write(tx, (await user(a)).id, (await user(b)).id);
    };
    await pairs(world.friendships, insertFriendship);
    await pairs(world.friendRequests, insertRequest);
    await pairs(world.follows, insertFollow);
    await pairs(world.blocks, insertBlock);

    const conversations: Record<string, { id: string; name: string; messages: ChatMessageRow[] }> =
      {};
    for (const [key, c] of Object.entries(world.conversations ?? {})) {
      const [opener, other] = [await user(c.between[0]), await user(c.between[1])];
      const thread = await openThread(tx, opener.id, other.id, { createdAt: now });
      const messages: ChatMessageRow[] = [];
      for (const m of c.messages ?? []) {
        const sent = await insertMessage(tx, {
          threadId: thread.id,
          senderId: (await user(m.from)).id,
          text: m.text,
          createdAt: m.at ?? now,
        });
        messages.push(sent.message);
      }
      conversations[key] = { id: thread.id, name: thread.name, messages };
    }

    return { users, trials, registrations, posts, conversations } as Seeded<W>;
  });
}

/** An active account with a confirmed e-mail, a unique address and name. */
function seedUser(tx: Transaction, values: SeedUser, now: Date): Promise<UserRow> {
  const tag = uuidv7().slice(-12);
  const role = values.role ?? 'player';
  return insertUser(tx, {
    email: `${role}-${tag}@example.test`,
    username: `${role}_${tag}`,
    emailVerifiedAt: now,
    academyStatus: role === 'academy' ? 'verified' : null,
    sports: ['football'],
    dob: role === 'player' ? '1995-06-15' : null,
    ...values,
    role,
  });
}
