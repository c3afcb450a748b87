import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@touchline/db';
import { createEmail, getEmail } from '@touchline/db/emails';
import { createHandlerEnv } from '../testing/handler-env';
import { queueCodeEmail } from '../testing/emails';

type HandlerEnv = Awaited<ReturnType<typeof createHandlerEnv>>;

describe('email.send: codes at rest', () => {
  let h: HandlerEnv;
  beforeAll(async () => {
    h = await createHandlerEnv();
  });
  afterAll(async () => {
    await h.drivers.close();
    await h.env.close();
  });

  const mailbox = (emailId: string) =>
    h.env.db.select().from(schema.devMailbox).where(eq(schema.devMailbox.emailId, emailId));

  it('renders at send time; the stored row never holds the code, its sealed content is wiped', async () => {
    const emailId = await queueCodeEmail(
      h.env.db,
      h.drivers.secretBox,
      'ada@example.test',
      '482913',
    );
    const queued = await getEmail(h.env.db, emailId);
    expect(JSON.stringify(queued)).not.toContain('482913');

    await h.run('email.send', emailId, { emailId });
    const [delivered] = await mailbox(emailId);
    expect(delivered!.subject).toBe('Your Touchline verification code: 482913');
    expect(delivered!.text).toContain('Hello Ada,');
    const sent = await getEmail(h.env.db, emailId);
    expect(sent).toMatchObject({ status: 'sent', sealedContent: null });
    expect(JSON.stringify(sent)).not.toContain('482913');
  });

  it('an e-mail whose content was wiped or sealed with another secret fails for good', async () => {
    const wiped = await createEmail(h.env.db, {
      to: 'late@example.test',
      template: 'auth.reset_code',
      sealedContent: 'x',
    });
    await h.env.db
      .update(schema.emails)
      .set({ sealedContent: null })
      .where(eq(schema.emails.id, wiped));
    await expect(h.run('email.send', wiped, { emailId: wiped })).rejects.toThrow(/wiped/);
    const forged = await createEmail(h.env.db, {
      to: 'forged@example.test',
      template: 'auth.reset_code',
      sealedContent: 'v1.AAAA.BBBB.CCCC',
    });
    await expect(h.run('email.send', forged, { emailId: forged })).rejects.toThrow(/opened/);
    expect(await getEmail(h.env.db, forged)).toMatchObject({ status: 'failed' });
    expect(await mailbox(forged)).toHaveLength(0);
  });
});
