import { and, desc, eq } from 'drizzle-orm';
import { schema } from '@touchline/db';
import { yearsBefore, todayInLagos } from '@touchline/shared';
import type { TestApp, TestUser } from '../../testing/test-app';
import { latestCodeFor } from '../../testing/test-app';

export const GUARDIAN_PASSWORD = 'Parent#2026x';

/** A date of birth `years` old today in Lagos (a few days past the birthday). */
export function dobAged(years: number): string {
  const d = new Date(`${yearsBefore(todayInLagos(), years)}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 3);
  return d.toISOString().slice(0, 10);
}

/** A child awaiting consent (as signup makes one), signed in. */
export const awaitingChild = (
  t: TestApp,
  years = 13,
  values: Parameters<TestApp['createUser']>[0] = {},
) =>
  t.createUser({
    dob: dobAged(years),
    consentStatus: 'awaiting_consent',
    state: 'Lagos',
    district: 'Ikeja',
    sports: ['football'],
    ...values,
  });

/**
 * The consent link of the newest consent e-mail to the address: opened from its sealed content as
 * the worker would, or, when a running worker has sent it already (sending wipes the sealed
 * content), read from the development mailbox's copy.
 */
export async function consentLinkFor(t: TestApp, email: string): Promise<string> {
  // Other e-mails to the address (a notice the worker sends meanwhile) are not the consent's.
  const [row] = await t.db
    .select({ id: schema.emails.id, sealed: schema.emails.sealedContent })
    .from(schema.emails)
    .where(
      and(
        eq(schema.emails.to, email.toLowerCase()),
        eq(schema.emails.template, 'guardian.consent_request'),
      ),
    )
    .orderBy(desc(schema.emails.createdAt))
    .limit(1);
  if (row?.sealed)
    return (JSON.parse(t.drivers.secretBox.open(row.sealed)) as { link: string }).link;
  const [sent] = row
    ? await t.db
        .select({ text: schema.devMailbox.text })
        .from(schema.devMailbox)
        .where(eq(schema.devMailbox.emailId, row.id))
    : [];
  const link = sent?.text.match(/\S*\/guardian\/consent\/[\w-]+/)?.[0];
  if (!link) throw new Error(`no consent e-mail to ${email}`);
  return link;
}

export const tokenOf = (link: string) => link.split('/guardian/consent/')[1]!;

/** Asks the guardian of a stored child (as signup does) and answers the token of the link. */
export async function askFor(t: TestApp, child: TestUser, guardianEmail: string) {
  const { guardianAskerFrom } = await import('./guardians.asker');
  const ask = guardianAskerFrom(t.app);
  await t.db.transaction((tx) =>
    ask(tx, { childId: child.id, childName: child.username, guardianEmail, guardianPhone: null }),
  );
  return tokenOf(await consentLinkFor(t, guardianEmail));
}

/**
 * A guardian account made through the consent link, verified by its e-mailed code and signed in
 * with `is_guardian` (the real flow); answers its row with request helpers.
 */
export async function guardianThroughLink(t: TestApp, token: string, email: string) {
  const signup = await t.app.inject({
    method: 'POST',
    url: '/api/guardian/signup',
    payload: { token, username: 'Mrs Adebayo', email, password: GUARDIAN_PASSWORD },
  });
  if (signup.statusCode !== 201) throw new Error(`guardian signup: ${signup.body}`);
  const code = await latestCodeFor(t, email);
  const verified = await t.app.inject({
    method: 'PUT',
    url: '/api/otp_verification',
    payload: { email, otp: code },
  });
  if (verified.statusCode !== 200) throw new Error(`verify: ${verified.body}`);
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/token/',
    payload: { email, password: GUARDIAN_PASSWORD, is_guardian: true },
  });
  if (login.statusCode !== 200) throw new Error(`guardian login: ${login.body}`);
  const headers = { authorization: `Bearer ${login.json().access as string}` };
  const [row] = await t.db.select().from(schema.users).where(eq(schema.users.email, email));
  return {
    ...row!,
    headers,
    call: (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) }),
  };
}

/** A guardian who has consented for the child through a link (the child is then `given`). */
export async function consentedGuardian(t: TestApp, child: TestUser, email: string) {
  const token = await askFor(t, child, email);
  const guardian = await guardianThroughLink(t, token, email);
  const res = await guardian.call('POST', `/api/guardian/consent/${token}`, {
    decision: 'give',
    relationship: 'Mother',
  });
  if (res.statusCode !== 200) throw new Error(`consent: ${res.body}`);
  return guardian;
}
