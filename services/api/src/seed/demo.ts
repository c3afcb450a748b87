import type { GuardianAsker } from '../modules/guardians/guardians.requests';
import { count } from 'drizzle-orm';
import { schema, type Database, type Transaction } from '@touchline/db';
import { appendEvent } from '@touchline/db/outbox';
import { insertAchievement, insertExperience, upsertProfile } from '@touchline/db/profiles';
import { insertFollow, insertFriendship, insertRequest } from '@touchline/db/social';
import { appendConsentLedger, linkGuardian } from '@touchline/db/guardians';
import { insertUser, type UserRow } from '@touchline/db/users';
import type { StorageDriver } from '@touchline/drivers';
import { CONSENT_NOTICE_VERSION, todayInLagos, yearsBefore } from '@touchline/shared';
import { hashPassword } from '../modules/auth/auth.passwords';
import { attachDemoAvatars, discardDemoAvatars, prepareDemoAvatars } from './demo-avatars';
import { seedDemoChats } from './demo-chat';
import { rebuildHomeFeeds } from '../modules/posts/posts.timelines';
import { discardDemoImages, prepareDemoPostImages, seedDemoPosts } from './demo-posts';
import { discardDemoTrialPosters, prepareDemoTrialPosters, seedDemoTrials } from './demo-trials';

type Logger = { info: (obj: object, msg?: string) => void };

export const DEMO_PASSWORD = 'Touchline@2026';

type DemoUser = Omit<Parameters<typeof insertUser>[1], 'passwordHash' | 'emailVerifiedAt'>;

const ageYears = (now: Date, years: number, dayOffset = 40) => {
  const d = new Date(`${yearsBefore(todayInLagos(now), years)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - dayOffset);
  return d.toISOString().slice(0, 10);
};

/** The demo world's people; later slices add posts, trials, chats and notifications to them. */
function demoUsers(now: Date): DemoUser[] {
  return [
    { email: 'admin@touchline.test', role: 'admin', username: 'Touchline Admin' },
    {
      email: 'academy@touchline.test',
      role: 'academy',
      username: 'Lagos Stars Academy',
      establishedOn: '2012-03-01',
      state: 'Lagos',
      district: 'Surulere',
      sports: ['football'],
      academyStatus: 'verified',
    },
    {
      email: 'hoops@touchline.test',
      role: 'academy',
      username: 'Abuja Hoops Academy',
      establishedOn: '2018-09-15',
      state: 'Federal Capital Territory',
      district: 'Abuja Municipal',
      sports: ['basketball'],
      academyStatus: 'verified',
    },
    {
      email: 'pending@touchline.test',
      role: 'academy',
      username: 'Kano Rising FC',
      establishedOn: '2023-01-10',
      state: 'Kano',
      district: 'Nassarawa',
      sports: ['football'],
      academyStatus: 'unverified',
    },
    {
      email: 'player@touchline.test',
      role: 'player',
      username: 'Tunde Bakare',
      dob: ageYears(now, 19),
      state: 'Lagos',
      district: 'Ikeja',
      sports: ['football'],
    },
    {
      email: 'amaka@touchline.test',
      role: 'player',
      username: 'Amaka Obi',
      dob: ageYears(now, 16),
      // Children's consent was given by their guardian (supplement §14, the demo's guardian).
      consentStatus: 'given',
      state: 'Enugu',
      district: 'Enugu North',
      sports: ['basketball'],
    },
    {
      email: 'junior@touchline.test',
      role: 'player',
      username: 'Musa Ibrahim',
      dob: ageYears(now, 12),
      consentStatus: 'given',
      state: 'Kaduna',
      district: 'Kaduna North',
      sports: ['football'],
    },
    {
      // A 14-year-old whose guardian has not answered yet: hidden from everyone else.
      email: 'tobi@touchline.test',
      role: 'player',
      username: 'Tobi Adeyemi',
      dob: ageYears(now, 14),
      consentStatus: 'awaiting_consent',
      state: 'Lagos',
      district: 'Surulere',
      sports: ['football'],
    },
    {
      // The guardian of Amaka and Musa (supplement §14).
      email: 'guardian@touchline.test',
      role: 'guardian',
      username: 'Ngozi Obi',
    },
    {
      email: 'kemi@touchline.test',
      role: 'player',
      username: 'Kemi Adeyemi',
      dob: ageYears(now, 22),
      state: 'Oyo',
      district: 'Ibadan North',
      sports: ['football'],
    },
    {
      email: 'chidi@touchline.test',
      role: 'player',
      username: 'Chidi Okafor',
      dob: ageYears(now, 24),
      state: 'Rivers',
      district: 'Port Harcourt',
      sports: ['football'],
    },
    {
      email: 'emeka@touchline.test',
      role: 'player',
      username: 'Emeka Nwosu',
      dob: ageYears(now, 21),
      state: 'Lagos',
      district: 'Lagos Mainland',
      sports: ['football'],
    },
  ];
}

/** Tobi's guardian, asked for consent at the demo's seed (the link is in the development mailbox). */
export const DEMO_TOBI_GUARDIAN = 'adeyemi.family@touchline.test';
export const DEMO_TOBI = 'tobi@touchline.test';

/** The logins the start prints, with the page each signs in on. */
export const DEMO_LOGINS = [
  { role: 'admin', email: 'admin@touchline.test', page: '/admin/login' },
  { role: 'academy', email: 'academy@touchline.test', page: '/academy/login' },
  { role: 'player', email: 'player@touchline.test', page: '/' },
  { role: 'guardian', email: 'guardian@touchline.test', page: '/guardian/login' },
] as const;

/**
 * Mails Tobi's guardian the consent link (supplement §14). Its token and sealed link belong to the
 * data directory's own secret and address, so a demo world copied from the build's template
 * (decision 66) asks at start; a world seeded at start asks inside its transaction.
 */
export async function askDemoGuardian(
  tx: Transaction,
  tobiId: string,
  askGuardian: GuardianAsker,
): Promise<void> {
  await askGuardian(tx, {
    childId: tobiId,
    childName: 'Tobi Adeyemi',
    guardianEmail: DEMO_TOBI_GUARDIAN,
    guardianPhone: null,
  });
}

/**
 * Seeds the embedded demo world once, on a database without users. Answers the logins to print,
 * or null when the database already had people in it.
 */
export async function seedDemoWorld(deps: {
  db: Database;
  storage: StorageDriver;
  logger: Logger;
  /**
   * Mails Tobi's guardian the consent link (supplement §14), so the development mailbox shows it.
   * Left out when the world is seeded into the build's template (askDemoGuardian at start).
   */
  askGuardian?: GuardianAsker;
  /** The seed's "now": its dates are relative to it (default: the clock). */
  now?: Date;
}) {
  const [row] = await deps.db.select({ n: count() }).from(schema.users);
  const logins = [...DEMO_LOGINS];
  if ((row?.n ?? 0) > 0) return { password: DEMO_PASSWORD, logins, seeded: false };
  const now = deps.now ?? new Date();
  // Pictures are stored first (never inside the transaction) and removed if it fails. The hash
  // and the three sets of pictures are made side by side (sharp and argon2 work on their own
  // threads): the start waits for the slowest, not for the sum (issue 24, a start in seconds).
  const [hashed, imagesMade, avatarsMade, postersMade] = await Promise.allSettled([
    hashPassword(DEMO_PASSWORD),
    prepareDemoPostImages(deps.storage),
    prepareDemoAvatars(deps.storage),
    prepareDemoTrialPosters(deps.storage),
  ]);
  const failed = [hashed, imagesMade, avatarsMade, postersMade].find(
    (result) => result.status === 'rejected',
  );
  if (failed) {
    if (imagesMade.status === 'fulfilled') await discardDemoImages(deps.storage, imagesMade.value);
    if (avatarsMade.status === 'fulfilled') {
      await discardDemoAvatars(deps.storage, avatarsMade.value);
    }
    if (postersMade.status === 'fulfilled') {
      await discardDemoTrialPosters(deps.storage, postersMade.value);
    }
    throw (failed as PromiseRejectedResult).reason;
  }
  const passwordHash = (hashed as PromiseFulfilledResult<string>).value;
  const images = (
    imagesMade as PromiseFulfilledResult<Awaited<ReturnType<typeof prepareDemoPostImages>>>
  ).value;
  const avatars = (
    avatarsMade as PromiseFulfilledResult<Awaited<ReturnType<typeof prepareDemoAvatars>>>
  ).value;
  const posters = (
    postersMade as PromiseFulfilledResult<Awaited<ReturnType<typeof prepareDemoTrialPosters>>>
  ).value;
  let posts = 0;
  let trials = 0;
  let chats = 0;
  try {
    await deps.db.transaction(async (tx) => {
      const people = new Map<string, UserRow>();
      for (const user of demoUsers(now)) {
        people.set(
          user.email,
          await insertUser(tx, { ...user, passwordHash, emailVerifiedAt: now }),
        );
      }
      const who = (email: string) => people.get(email)!;
      await attachDemoAvatars(tx, who, avatars);
      await seedConnections(tx, who);
      await seedGuardian(tx, who, now);
      if (deps.askGuardian) await askDemoGuardian(tx, who(DEMO_TOBI).id, deps.askGuardian);
      posts = await seedDemoPosts(tx, who, images, now);
      trials = (await seedDemoTrials(tx, who, posters, now)).trials;
      chats = (await seedDemoChats(tx, who, now)).conversations;
    });
  } catch (err) {
    await discardDemoImages(deps.storage, images);
    await discardDemoAvatars(deps.storage, avatars);
    await discardDemoTrialPosters(deps.storage, posters);
    throw err;
  }
  // The seed writes rows without events: its timelines and popular ranking are built once here
  // (decision 45), as `npm run feeds:build` does.
  await rebuildHomeFeeds(deps.db, now);
  deps.logger.info({ users: demoUsers(now).length, posts, trials, chats }, 'demo world seeded');
  return { password: DEMO_PASSWORD, logins, seeded: true };
}

/**
 * Profiles and a few ties, made the way the product makes them: requests and follows announce
 * themselves through the outbox, so the workers create their notifications. (Tunde and Kemi are
 * left unconnected: the browser journeys connect them.)
 */
async function seedConnections(tx: Transaction, who: (email: string) => UserRow) {
  const tunde = who('player@touchline.test');
  const amaka = who('amaka@touchline.test');
  const musa = who('junior@touchline.test');
  const kemi = who('kemi@touchline.test');
  const chidi = who('chidi@touchline.test');
  const stars = who('academy@touchline.test');
  const hoops = who('hoops@touchline.test');

  await upsertProfile(tx, tunde.id, {
    bio: 'Box-to-box midfielder from Ikeja. Quick feet, big engine.',
    about: 'I have played for my school team since JSS1 and captained our LGA side in 2025.',
    openToWork: true,
    position: 'CM',
    heightCm: 178,
    weightKg: 70,
    preferredSide: 'right',
  });
  await upsertProfile(tx, amaka.id, {
    bio: 'Point guard. Enugu born and raised.',
    position: 'PG',
    heightCm: 170,
  });
  await upsertProfile(tx, kemi.id, {
    bio: 'Winger who loves to take on defenders.',
    position: 'LW',
    openToWork: true,
  });
  await upsertProfile(tx, chidi.id, {
    bio: 'Goalkeeper from Port Harcourt. Loud voice, safe hands.',
    position: 'GK',
  });
  await upsertProfile(tx, musa.id, { bio: 'Young striker learning every day.', position: 'CS' });
  await upsertProfile(tx, stars.id, {
    bio: 'Developing Lagos football talent since 2012.',
    about: 'Trials every season for ages 9–19.',
  });
  await upsertProfile(tx, hoops.id, { bio: 'Basketball academy in the heart of Abuja.' });

  await insertAchievement(tx, tunde.id, {
    title: 'Best Midfielder, Ikeja Schools Cup',
    organisation: 'Lagos State Schools Sports Council',
    issuedMonth: 6,
    issuedYear: 2025,
    description: 'Voted by the coaches after our run to the final.',
    imageMediaId: null,
  });
  await insertExperience(tx, tunde.id, {
    academyId: stars.id,
    academyName: stars.username,
    sport: 'football',
    position: 'CM',
    startMonth: 9,
    startYear: 2023,
    endMonth: null,
    endYear: null,
    isCurrent: true,
  });

  await insertFriendship(tx, amaka.id, musa.id);
  // Tunde's friend from his 5-a-side team (they chat in the demo's conversations).
  await insertFriendship(tx, tunde.id, who('emeka@touchline.test').id);
  // Both adults: a friend request never crosses the 18 line (supplement §13).
  await insertRequest(tx, chidi.id, tunde.id);
  await appendEvent(tx, {
    type: 'friend.requested',
    payload: { fromUserId: chidi.id, toUserId: tunde.id },
  });
  for (const [follower, academy] of [
    [amaka, hoops],
    [musa, stars],
  ] as const) {
    await insertFollow(tx, follower.id, academy.id);
    await appendEvent(tx, {
      type: 'follow.created',
      payload: { followerId: follower.id, academyId: academy.id },
    });
  }
}

/** The demo's guardian linked to Amaka (16) and Musa (12), with the consent ledger's rows. */
async function seedGuardian(tx: Transaction, who: (email: string) => UserRow, now: Date) {
  const guardian = who('guardian@touchline.test');
  for (const [email, relationship] of [
    ['amaka@touchline.test', 'Mother'],
    ['junior@touchline.test', 'Aunt'],
  ] as const) {
    const child = who(email);
    await linkGuardian(tx, { childId: child.id, guardianId: guardian.id, relationship, at: now });
    await appendConsentLedger(tx, {
      childId: child.id,
      guardianId: guardian.id,
      decision: 'given',
      relationship,
      noticeVersion: CONSENT_NOTICE_VERSION,
      method: 'email_link+guardian_account_email_code',
      ip: '127.0.0.1',
      userAgent: 'demo seed',
      at: now,
    });
  }
}
