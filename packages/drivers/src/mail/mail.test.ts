import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../logger';
import { createCapturingLogger } from '../testing/logger';
import { startSmtpServer } from '../testing/smtp';
import { waitFor } from '../testing/wait';
import type { DevMailboxStore, MailDriver, MailMessage } from '../types';
import { createDevboxMail } from './devbox';
import { createSmtpMail } from './smtp';

/** The development mailbox's store is the process edge of this package (the database). */
function createMemoryMailboxStore() {
  const stored: MailMessage[] = [];
  const store: DevMailboxStore = {
    async deliver(message) {
      stored.push(message);
      return { id: `devmail-${stored.length}` };
    },
  };
  return { store, stored };
}

/** What arrived, however it arrived: `body` holds the text and HTML parts. */
type Delivery = { to: string; subject: string; body: string };

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const devboxStore = createMemoryMailboxStore();
const devboxLog = createCapturingLogger();
const drivers: MailDriver[] = [];

beforeAll(async () => {
  smtp = await startSmtpServer();
});

afterAll(async () => {
  await Promise.all(drivers.map((driver) => driver.close()));
  await smtp?.close();
});

const implementations: {
  name: string;
  create: () => MailDriver | Promise<MailDriver>;
  deliveries: () => Delivery[];
}[] = [
  {
    name: 'devbox',
    create: () => createDevboxMail({ store: devboxStore.store, logger: devboxLog.logger }),
    deliveries: () =>
      devboxStore.stored.map((m) => ({ to: m.to, subject: m.subject, body: m.text + m.html })),
  },
  {
    name: 'smtp',
    create: () =>
      createSmtpMail({
        url: smtp.url,
        from: 'Touchline <no-reply@touchline.ng>',
        logger: silentLogger,
      }),
    deliveries: () =>
      smtp.messages.map((m) => ({
        to: m.to.join(','),
        subject: /^Subject: (.*)$/m.exec(m.raw)?.[1] ?? '',
        body: m.raw,
      })),
  },
];
console.info(`mail drivers under test: ${implementations.map((i) => i.name).join(', ')}`);

const message = (overrides: Partial<MailMessage> = {}): MailMessage => ({
  emailId: randomUUID(),
  to: 'ada@example.test',
  subject: 'Your Touchline code',
  text: 'Your sign-in code is 482913.',
  html: '<p>Your sign-in code is <b>482913</b>.</p>',
  ...overrides,
});

describe.each(implementations)('$name mail', ({ create, deliveries }) => {
  let mail: MailDriver;

  beforeAll(async () => {
    mail = await create();
    drivers.push(mail);
  });

  it('delivers the recipient, subject, text and HTML', async () => {
    const sent = message({ to: `player-${Date.now()}@example.test` });
    const { messageId } = await mail.send(sent);
    expect(messageId).toBeTruthy();
    await waitFor(() => deliveries().some((d) => d.to === sent.to), 'the delivery');
    const delivery = deliveries().find((d) => d.to === sent.to)!;
    expect(delivery.subject).toBe(sent.subject);
    expect(delivery.body).toContain(sent.text);
    expect(delivery.body).toContain(sent.html);
  });

  it('answers the same message id when the same e-mail is sent again', async () => {
    const sent = message();
    const first = await mail.send(sent);
    const second = await mail.send(sent);
    expect(second.messageId).toBe(first.messageId);
  });
});

describe('devbox mail', () => {
  it('stores an e-mail once per emailId and logs one line with its subject (the text at debug)', async () => {
    const { store, stored } = createMemoryMailboxStore();
    const log = createCapturingLogger();
    const mail = createDevboxMail({ store, logger: log.logger });
    const sent = message();
    await mail.send(sent);
    await mail.send(sent);
    await Promise.all([mail.send(sent), mail.send(sent)]);
    await mail.send(message({ subject: 'Another one' }));
    expect(stored.map((m) => m.subject)).toEqual(['Your Touchline code', 'Another one']);

    const lines = log.entries.filter((e) => e.fields.emailId === sent.emailId);
    const info = lines.filter((e) => e.level === 'info');
    expect(info).toHaveLength(1);
    expect(info[0]!.msg).toBe(`dev mailbox: to ${sent.to}, subject "${sent.subject}"`);
    expect(info[0]!.msg).not.toContain('\n');
    const debug = lines.filter((e) => e.level === 'debug');
    expect(debug).toHaveLength(1);
    expect(debug[0]!.msg).toContain('482913');
  });

  it('keeps inline images in place in the stored HTML (a data: URI for each cid:)', async () => {
    const { store, stored } = createMemoryMailboxStore();
    const mail = createDevboxMail({ store, logger: silentLogger });
    const content = Buffer.from('89504e470d0a1a0a0000', 'hex');
    await mail.send(
      message({
        html: '<p><img src="cid:qr@touchline" alt="QR"></p>',
        inline: [{ cid: 'qr@touchline', filename: 'qr.png', contentType: 'image/png', content }],
      }),
    );
    expect(stored[0]!.html).toBe(
      `<p><img src="data:image/png;base64,${content.toString('base64')}" alt="QR"></p>`,
    );
  });

  it('tries the store again after a failed delivery', async () => {
    let calls = 0;
    const store: DevMailboxStore = {
      async deliver() {
        calls += 1;
        if (calls === 1) throw new Error('database unavailable');
        return { id: 'devmail-1' };
      },
    };
    const mail = createDevboxMail({ store, logger: silentLogger });
    const sent = message();
    await expect(mail.send(sent)).rejects.toThrow('database unavailable');
    await expect(mail.send(sent)).resolves.toEqual({ messageId: 'devmail-1' });
    expect(calls).toBe(2);
  });
});

describe('smtp mail', () => {
  it('sends a Message-ID derived from the emailId', async () => {
    const mail = await createSmtpMail({
      url: smtp.url,
      from: 'Touchline <no-reply@touchline.ng>',
      logger: silentLogger,
    });
    drivers.push(mail);
    const sent = message({ to: 'msgid@example.test' });
    const { messageId } = await mail.send(sent);
    expect(messageId).toBe(`<${sent.emailId}@touchline.ng>`);
    await waitFor(() => smtp.messages.some((m) => m.to.includes('msgid@example.test')), 'delivery');
    const raw = smtp.messages.find((m) => m.to.includes('msgid@example.test'))!.raw;
    expect(raw).toContain(`Message-ID: <${sent.emailId}@touchline.ng>`);
    expect(raw).toMatch(/^From: Touchline <no-reply@touchline\.ng>$/m);
  });

  it('sends inline images as related parts with their Content-ID', async () => {
    const mail = await createSmtpMail({
      url: smtp.url,
      from: 'Touchline <no-reply@touchline.ng>',
      logger: silentLogger,
    });
    drivers.push(mail);
    const content = Buffer.from('89504e470d0a1a0a0000', 'hex');
    await mail.send(
      message({
        to: 'inline@example.test',
        html: '<p><img src="cid:qr@touchline" alt="QR"></p>',
        inline: [{ cid: 'qr@touchline', filename: 'qr.png', contentType: 'image/png', content }],
      }),
    );
    await waitFor(
      () => smtp.messages.some((m) => m.to.includes('inline@example.test')),
      'delivery',
    );
    const raw = smtp.messages.find((m) => m.to.includes('inline@example.test'))!.raw;
    expect(raw).toMatch(/^Content-Type: multipart\/related;/m);
    expect(raw).toMatch(/^Content-ID: <qr@touchline>$/m);
    expect(raw).toMatch(/^Content-Disposition: inline; filename=qr\.png$/m);
    expect(raw).toContain(content.toString('base64'));
  });
});
