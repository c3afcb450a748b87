import { afterAll, beforeAll, expect, it } from 'vitest';
import { CONSENT_NOTICE_VERSION } from '@touchline/shared';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { exportSettled, json, readZip } from '../your-data/your-data.test-support';
import { awaitingChild, consentedGuardian } from './guardians.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ workers: true });
});
afterAll(async () => t.close());

it("a child's export holds the consent ledger's rows about them", async () => {
  const child = await awaitingChild(t, 13, { username: 'Bola Export' });
  const guardian = await consentedGuardian(t, child, `bola.parent-${Date.now()}@example.test`);
  expect((await child.call('POST', '/api/me/export')).statusCode).toBe(202);
  const ready = await exportSettled(child);
  expect(ready.status).toBe('ready');
  const res = await child.call('GET', `/api/me/export/${ready.id}`);
  const consent = json(await readZip(res.rawPayload), 'consent.json') as {
    records: Record<string, unknown>[];
  };
  expect(consent.records).toEqual([
    expect.objectContaining({
      child: { id: child.id, username: 'Bola Export' },
      guardian: { id: guardian.id, username: guardian.username },
      decision: 'given',
      relationship: 'Mother',
      notice_version: CONSENT_NOTICE_VERSION,
      method: 'email_link+guardian_account_email_code',
    }),
  ]);
});
