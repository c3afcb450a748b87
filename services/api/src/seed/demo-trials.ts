import type { Transaction } from '@touchline/db';
import {
  createSandboxCharge,
  markPaymentFailed,
  markPaymentSucceeded,
  recordPaymentEvent,
  setAuthorizationUrl,
  setSandboxOutcome,
} from '@touchline/db/payments';
import { appendEvent } from '@touchline/db/outbox';
import {
  cancelTrial,
  checkInRegistration,
  createTrial,
  insertGuardianPayment,
  listTrialRequirements,
  markGuardianApproved,
  newPaymentReference,
  type NewTrial,
} from '@touchline/db/trials';
import type { UserRow } from '@touchline/db/users';
import type { StorageDriver } from '@touchline/drivers';
import { todayInLagos, type OutcomeStatus, type PlayerLevel } from '@touchline/shared';
import {
  deleteStoredFiles,
  processedImageFiles,
  processImage,
  putProcessedImage,
  recordProcessedImage,
  type ProcessedImage,
} from '../modules/media/media.uploads';
import {
  cancelRegistrationWithin,
  registerWithin,
  registrationEventFor,
  setOutcomeWithin,
} from '../modules/trials/trials.registrations.within';
import { TRIAL_POSTER_VARIANTS } from '../modules/trials/trials.service';
import { renderDemoScene, type DemoScene } from './demo-images';

type Email = `${string}@touchline.test`;
const STARS = 'academy@touchline.test';
const HOOPS = 'hoops@touchline.test';
const TUNDE = 'player@touchline.test';
const KEMI = 'kemi@touchline.test';
const CHIDI = 'chidi@touchline.test';
const AMAKA = 'amaka@touchline.test';
/** Amaka's and Musa's guardian: approves (and pays for) Amaka's registrations. */
const GUARDIAN = 'guardian@touchline.test';

/** How a demo registration ends up (each one is made the way the product makes it, then moved). */
type Outcome =
  | 'registered'
  | 'pending_payment'
  | 'paid'
  | 'payment_failed'
  | 'cancelled'
  | OutcomeStatus
  /** A consented minor's registration left waiting for the guardian (decision 42). */
  | 'awaiting_guardian';

type DemoRegistration = {
  by: Email;
  /** Days before the seed the player registered (the deadline check uses that day). */
  daysAgo: number;
  phone: string;
  level: PlayerLevel;
  outcome: Outcome;
  /** One per requirement of the trial. */
  answers?: string[];
};

type DemoTrial = {
  key: string;
  by: Email;
  poster?: DemoScene;
  /** Days from today (Lagos) of the trial and its deadline (negative: past). */
  inDays: number;
  deadlineInDays: number;
  createdDaysAgo: number;
  fields: Omit<
    NewTrial,
    'academyId' | 'trialDate' | 'deadline' | 'imageMediaId' | 'createdAt' | 'requirements'
  >;
  requirements: string[];
  registrations: DemoRegistration[];
  /** The academy cancels it after the registrations (paid places are refunded by the worker). */
  cancelReason?: string;
};

const base = { sportOther: null, landmark: '', minAge: null, maxAge: null } as const;

/**
 * The demo's trials (supplement §11, issue 11 item 7): free and paid, one nearly full, one past
 * its deadline, one completed with its outcomes, one cancelled with a refund, so every trial
 * screen, tab and status has something to show. Tunde is left free to register for the open
 * trials (the Elite Camp's last place included: his earlier payment there failed).
 */
const TRIALS: DemoTrial[] = [
  {
    key: 'open',
    by: STARS,
    poster: { kind: 'pitch', caption: 'Lagos Stars Open Trial', accent: '#047857' },
    inDays: 14,
    deadlineInDays: 10,
    createdDaysAgo: 6,
    fields: {
      ...base,
      name: 'Lagos Stars Open Trial',
      sport: 'football',
      state: 'Lagos',
      district: 'Surulere',
      venue: 'Teslim Balogun Stadium',
      landmark: 'Opposite the National Stadium',
      startTime: '09:00',
      minAge: 15,
      maxAge: 25,
      participantLimit: 40,
      feeKobo: 0,
      description:
        'Our season trial for outfield players and goalkeepers. Bring boots, shin guards and water.',
    },
    requirements: ['Which position do you play?', 'Which club or school team are you with?'],
    registrations: [
      {
        by: KEMI,
        daysAgo: 4,
        phone: '08031234567',
        level: 'state',
        outcome: 'registered',
        answers: ['Left wing', 'Ibadan City Academy'],
      },
      {
        by: CHIDI,
        daysAgo: 3,
        phone: '08051234567',
        level: 'district',
        outcome: 'cancelled',
        answers: ['Goalkeeper', 'Port Harcourt Rovers'],
      },
      // Amaka (16) registered today: it waits for guardian@'s approval (issue 23 item 7), and
      // Lagos Stars sees nothing of it until then.
      {
        by: AMAKA,
        daysAgo: 0,
        phone: '08061234567',
        level: 'state',
        outcome: 'awaiting_guardian',
        answers: ['Midfield', 'Queens College'],
      },
    ],
  },
  {
    key: 'elite',
    by: STARS,
    poster: { kind: 'pitch', caption: 'Elite Camp · ₦5,000', accent: '#b45309' },
    inDays: 21,
    deadlineInDays: 18,
    createdDaysAgo: 5,
    fields: {
      ...base,
      name: 'Lagos Stars Elite Camp',
      sport: 'football',
      state: 'Lagos',
      district: 'Surulere',
      venue: 'Lagos Stars Training Ground',
      startTime: '08:30',
      minAge: 17,
      maxAge: 30,
      participantLimit: 3,
      feeKobo: 500_000,
      description: 'Three days with our first-team coaches. Places are few: the fee holds yours.',
    },
    requirements: ['Link to a highlight video, if you have one'],
    registrations: [
      {
        by: KEMI,
        daysAgo: 4,
        phone: '08031234567',
        level: 'state',
        outcome: 'paid',
        answers: ['https://example.com/kemi-wing-play'],
      },
      {
        by: TUNDE,
        daysAgo: 2,
        phone: '08021234567',
        level: 'district',
        outcome: 'payment_failed',
        answers: ['https://example.com/tunde-highlights'],
      },
      // Chidi's hold runs out 30 minutes after the seed (he is told): no journey counts his
      // notifications, so the expiry never lands in the middle of one.
      {
        by: CHIDI,
        daysAgo: 0,
        phone: '08051234567',
        level: 'state',
        outcome: 'pending_payment',
        answers: ['https://example.com/chidi-saves'],
      },
    ],
  },
  {
    key: 'keepers',
    by: STARS,
    inDays: 2,
    deadlineInDays: -1,
    createdDaysAgo: 9,
    fields: {
      ...base,
      name: 'Lagos Stars Goalkeepers Day',
      sport: 'football',
      state: 'Lagos',
      district: 'Ikeja',
      venue: 'Mobolaji Johnson Arena',
      startTime: '10:00',
      minAge: 16,
      maxAge: 30,
      participantLimit: 12,
      feeKobo: 0,
      description: 'Shot-stopping, distribution and crosses with our goalkeeping coach.',
    },
    requirements: [],
    registrations: [
      { by: CHIDI, daysAgo: 6, phone: '08051234567', level: 'state', outcome: 'registered' },
    ],
  },
  {
    key: 'screening',
    by: STARS,
    inDays: -7,
    deadlineInDays: -10,
    createdDaysAgo: 20,
    fields: {
      ...base,
      name: 'Lagos Stars Summer Screening',
      sport: 'football',
      state: 'Lagos',
      district: 'Surulere',
      venue: 'Teslim Balogun Stadium',
      startTime: '09:00',
      minAge: 16,
      maxAge: 25,
      participantLimit: 30,
      feeKobo: 0,
      description: 'A morning of small-sided games; we call back the players we select.',
    },
    requirements: [],
    registrations: [
      { by: TUNDE, daysAgo: 15, phone: '08021234567', level: 'district', outcome: 'selected' },
      { by: KEMI, daysAgo: 14, phone: '08031234567', level: 'state', outcome: 'rejected' },
    ],
  },
  {
    key: 'youth',
    by: HOOPS,
    poster: { kind: 'court', caption: 'Abuja Hoops Youth Tryout', accent: '#1d4ed8' },
    inDays: 10,
    deadlineInDays: 7,
    createdDaysAgo: 4,
    fields: {
      ...base,
      name: 'Abuja Hoops Youth Tryout',
      sport: 'basketball',
      state: 'Federal Capital Territory',
      district: 'Abuja Municipal',
      venue: 'Package B Indoor Hall, National Stadium',
      startTime: '15:00',
      minAge: 13,
      maxAge: 18,
      participantLimit: 30,
      feeKobo: 250_000,
      description: 'Guards and forwards aged 13 to 18. Ball-handling, shooting and 3-on-3.',
    },
    requirements: ['Your height in centimetres'],
    registrations: [
      {
        by: AMAKA,
        daysAgo: 3,
        phone: '08061234567',
        level: 'state',
        outcome: 'paid',
        answers: ['170'],
      },
    ],
  },
  {
    key: 'night',
    by: HOOPS,
    poster: { kind: 'court', caption: 'Night Session (cancelled)', accent: '#6b21a8' },
    inDays: 12,
    deadlineInDays: 9,
    createdDaysAgo: 8,
    fields: {
      ...base,
      name: 'Abuja Hoops Night Session',
      sport: 'basketball',
      state: 'Federal Capital Territory',
      district: 'Abuja Municipal',
      venue: 'Old Parade Ground Court',
      startTime: '19:00',
      minAge: 14,
      maxAge: 30,
      participantLimit: 20,
      feeKobo: 300_000,
      description: 'An evening tryout under the lights.',
    },
    requirements: [],
    registrations: [
      { by: AMAKA, daysAgo: 5, phone: '08061234567', level: 'state', outcome: 'paid' },
    ],
    cancelReason: 'The court is being resurfaced. Your fee is refunded in full.',
  },
];

const dayFrom = (today: string, days: number) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** Renders and stores the trial posters before the seed's transaction, like an uploaded poster. */
export async function prepareDemoTrialPosters(storage: StorageDriver) {
  const posters = new Map<string, ProcessedImage>();
  await Promise.all(
    TRIALS.map(async (trial) => {
      if (!trial.poster) return;
      posters.set(
        trial.key,
        await processImage(await renderDemoScene(trial.poster), TRIAL_POSTER_VARIANTS),
      );
    }),
  );
  try {
    await Promise.all([...posters.values()].map((image) => putProcessedImage(storage, image)));
  } catch (err) {
    await discardDemoTrialPosters(storage, posters);
    throw err;
  }
  return posters;
}

export const discardDemoTrialPosters = (
  storage: StorageDriver,
  posters: Map<string, ProcessedImage>,
) => deleteStoredFiles(storage, [...posters.values()].flatMap(processedImageFiles));

/**
 * Seeds the demo trials with the product's own repository steps (register under the trial's
 * lock, provider outcomes, outcomes set by the academy, cancellations) and the outbox events the
 * services write, so the workers notify followers, academies and players, e-mail receipts and
 * refund the cancelled trial's payment through the sandbox provider. Every registration status
 * (pending_payment, registered, selected, rejected, cancelled, trial_cancelled, expired) and every
 * payment status (pending, succeeded, failed, refunded once the worker ran) is present.
 */
export async function seedDemoTrials(
  tx: Transaction,
  who: (email: string) => UserRow,
  posters: Map<string, ProcessedImage>,
  now: Date,
) {
  const today = todayInLagos(now);
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
  const ids = new Map<string, string>();
  for (const demo of TRIALS) {
    const academy = who(demo.by);
    const poster = posters.get(demo.key);
    const media = poster ? await recordProcessedImage(tx, academy.id, poster) : null;
    const createdAt = daysAgo(demo.createdDaysAgo);
    const { id: trialId } = await createTrial(tx, {
      ...demo.fields,
      academyId: academy.id,
      trialDate: dayFrom(today, demo.inDays),
      deadline: dayFrom(today, demo.deadlineInDays),
      imageMediaId: media?.id ?? null,
      requirements: demo.requirements,
      createdAt,
    });
    ids.set(demo.key, trialId);
    // Followers hear of the trials still ahead (not of one long finished).
    if (demo.inDays >= 0)
      await appendEvent(tx, { type: 'trial.created', payload: { trialId, academyId: academy.id } });
    const requirements = await listTrialRequirements(tx, trialId);

    for (const entry of demo.registrations) {
      const player = who(entry.by);
      const at = entry.daysAgo === 0 ? now : daysAgo(entry.daysAgo);
      const registered = await registerWithin(
        tx,
        {
          trialId,
          playerId: player.id,
          name: player.username,
          dob: player.dob!,
          phone: `+234${entry.phone.slice(1)}`,
          email: player.email,
          state: player.state ?? 'Lagos',
          district: player.district ?? 'Ikeja',
          level: entry.level,
          answers: requirements.map((r, i) => ({
            requirementId: r.id,
            answer: entry.answers?.[i] ?? 'Yes',
          })),
        },
        { now: at, provider: 'sandbox' },
      );
      if (!registered.ok)
        throw new Error(`demo: ${player.username} could not register: ${registered.reason}`);
      const registrationId = registered.registration.id;
      await appendEvent(tx, registrationEventFor(registered));
      // A consented minor's paid registration is paid by the guardian once approved.
      const guardian =
        registered.decision.outcome === 'awaiting_guardian' && entry.outcome !== 'awaiting_guardian'
          ? who(GUARDIAN)
          : null;
      const payment =
        guardian && demo.fields.feeKobo > 0
          ? {
              ...(await insertGuardianPayment(tx, {
                registrationId,
                payerId: guardian.id,
                provider: 'sandbox',
                reference: newPaymentReference(),
                amountKobo: demo.fields.feeKobo,
                currency: 'NGN',
                at,
              })),
              amountKobo: demo.fields.feeKobo,
              currency: 'NGN',
            }
          : registered.payment;
      if (guardian && !payment) {
        await markGuardianApproved(tx, { registrationId, at });
        await appendEvent(tx, { type: 'registration.approved', payload: { registrationId } });
      }
      if (payment) {
        // The sandbox's "remote side" knows each charge, so checkout, verify and refund work.
        await createSandboxCharge(tx, {
          reference: payment.reference,
          amountKobo: payment.amountKobo,
          currency: payment.currency,
          email: guardian?.email ?? player.email,
        });
        await setAuthorizationUrl(tx, {
          paymentId: payment.id,
          authorizationUrl: `/sandbox/checkout/${payment.reference}`,
        });
      }
      // The finished trial's players came on the day: checked in at the gate (decision 50), so
      // the academy can evaluate them and the hourly job never calls them no-shows.
      if (entry.outcome === 'selected' || entry.outcome === 'rejected') {
        const gate = new Date(`${dayFrom(today, demo.inDays)}T08:30:00+01:00`);
        const arrived = await checkInRegistration(tx, {
          trialId,
          referenceCode: registered.registration.referenceCode,
          by: academy.id,
          at: gate,
        });
        if (!arrived.ok) throw new Error(`demo: could not check ${player.username} in`);
      }
      await settle(tx, {
        entry,
        registrationId,
        payment,
        academyId: academy.id,
        playerId: player.id,
        today,
        at: new Date(at.getTime() + 5 * 60_000),
      });
    }

    if (demo.cancelReason) {
      const cancelled = await cancelTrial(tx, {
        trialId,
        academyId: academy.id,
        reason: demo.cancelReason,
        at: daysAgo(1),
      });
      if (!cancelled.ok) throw new Error(`demo: could not cancel ${demo.fields.name}`);
      await appendEvent(tx, { type: 'trial.cancelled', payload: { trialId } });
    }
  }
  return { trials: TRIALS.length, ids };
}

/** Moves a fresh registration to its demo outcome, with the event the product writes for it. */
async function settle(
  tx: Transaction,
  input: {
    entry: DemoRegistration;
    registrationId: string;
    payment: { id: string; reference: string; amountKobo: number; currency: string } | null;
    academyId: string;
    playerId: string;
    today: string;
    at: Date;
  },
) {
  const { entry, registrationId, payment, at } = input;
  const charge = async (outcome: 'success' | 'failed') => {
    if (!payment) throw new Error('demo: a paid outcome on a free trial');
    await setSandboxOutcome(tx, { reference: payment.reference, outcome, now: at });
    await recordPaymentEvent(tx, {
      paymentId: payment.id,
      provider: 'sandbox',
      dedupeKey: `sandbox:${payment.reference}:${outcome}`,
      kind: outcome === 'success' ? 'charge.success' : 'charge.failed',
      raw: { event: `charge.${outcome}`, data: { reference: payment.reference } },
      signatureValid: true,
      receivedAt: at,
    });
    return payment;
  };
  switch (entry.outcome) {
    case 'registered':
    case 'pending_payment':
    case 'awaiting_guardian':
      return;
    case 'paid': {
      const paid = await charge('success');
      const result = await markPaymentSucceeded(tx, {
        reference: paid.reference,
        amountKobo: paid.amountKobo,
        currency: paid.currency,
        now: at,
      });
      if (result.outcome !== 'confirmed') throw new Error(`demo: payment ${result.outcome}`);
      await appendEvent(tx, { type: 'registration.confirmed', payload: { registrationId } });
      if (result.approved)
        await appendEvent(tx, { type: 'registration.approved', payload: { registrationId } });
      return;
    }
    case 'payment_failed': {
      const failed = await charge('failed');
      const result = await markPaymentFailed(tx, {
        reference: failed.reference,
        reason: 'declined',
        now: at,
      });
      if (result.expiredRegistrationId)
        await appendEvent(tx, { type: 'registration.expired', payload: { registrationId } });
      return;
    }
    case 'cancelled': {
      const result = await cancelRegistrationWithin(tx, {
        registrationId,
        playerId: input.playerId,
        at,
      });
      if (!result.ok) throw new Error(`demo: could not cancel: ${result.reason}`);
      return;
    }
    case 'selected':
    case 'rejected': {
      const result = await setOutcomeWithin(tx, {
        registrationId,
        academyId: input.academyId,
        status: entry.outcome,
        at,
      });
      if (!result.ok) throw new Error(`demo: could not set ${entry.outcome}: ${result.reason}`);
      return;
    }
  }
}
