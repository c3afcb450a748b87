import { count } from 'drizzle-orm';
import { insertUser, schema, type Database } from '@touchline/db';
import { todayInLagos, yearsBefore } from '@touchline/shared';
import { hashPassword } from '../modules/auth/passwords';

type Logger = { info: (obj: object, msg?: string) => void };

export const DEMO_PASSWORD = 'Touchline@2026';

type DemoUser = Omit<Parameters<typeof insertUser>[1], 'passwordHash' | 'emailVerifiedAt'>;

const ageYears = (years: number, dayOffset = 40) => {
  const d = new Date(`${yearsBefore(todayInLagos(), years)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - dayOffset);
  return d.toISOString().slice(0, 10);
};

/** The demo world's people; later slices add posts, trials, chats and notifications to them. */
function demoUsers(): DemoUser[] {
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
      dob: ageYears(19),
      state: 'Lagos',
      district: 'Ikeja',
      sports: ['football'],
    },
    {
      email: 'amaka@touchline.test',
      role: 'player',
      username: 'Amaka Obi',
      dob: ageYears(16),
      state: 'Enugu',
      district: 'Enugu North',
      sports: ['basketball'],
    },
    {
      email: 'junior@touchline.test',
      role: 'player',
      username: 'Musa Ibrahim',
      dob: ageYears(12),
      state: 'Kaduna',
      district: 'Kaduna North',
      sports: ['football'],
    },
    {
      email: 'kemi@touchline.test',
      role: 'player',
      username: 'Kemi Adeyemi',
      dob: ageYears(22),
      state: 'Oyo',
      district: 'Ibadan North',
      sports: ['football'],
    },
  ];
}

/**
 * Seeds the embedded demo world once, on a database without users. Answers the logins to print,
 * or null when the database already had people in it.
 */
export async function seedDemoWorld(deps: { db: Database; logger: Logger }) {
  const [row] = await deps.db.select({ n: count() }).from(schema.users);
  const logins = [
    { role: 'admin', email: 'admin@touchline.test', page: '/admin/login' },
    { role: 'academy', email: 'academy@touchline.test', page: '/academy/login' },
    { role: 'player', email: 'player@touchline.test', page: '/' },
  ];
  if ((row?.n ?? 0) > 0) return { password: DEMO_PASSWORD, logins, seeded: false };
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    for (const user of demoUsers())
      await insertUser(tx, { ...user, passwordHash, emailVerifiedAt: now });
  });
  deps.logger.info({ users: demoUsers().length }, 'demo world seeded');
  return { password: DEMO_PASSWORD, logins, seeded: true };
}
