import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@touchline/db';
import { findDataExport, insertDataExport } from '@touchline/db/accounts';
import { listNotifications } from '@touchline/db/notifications';
import type { JobHandler, StorageDriver } from '@touchline/drivers';
import { JOB_RETRY, YOUR_DATA_MESSAGES } from '@touchline/shared';
import { createHandlerEnv } from '../testing/handler-env';
import { NOW, createTestPlayer, emailsTo } from '../testing/trial-fixtures';
import { createExportHandler } from './accounts-export';
import { renderEmail } from './email-templates';

type HandlerEnv = Awaited<ReturnType<typeof createHandlerEnv>>;
let h: HandlerEnv;
beforeAll(async () => {
  h = await createHandlerEnv(() => NOW);
}, 120_000);
afterAll(async () => h?.env.close());

const newExport = async (userId: string) =>
  insertDataExport(h.env.db, { userId, requestedBy: userId, createdAt: NOW });

describe('accounts.export', () => {
  it('builds the ZIP once and tells the owner once, however often it runs', async () => {
    const owner = await createTestPlayer(h.env.db, 'Zip Owner');
    const row = await newExport(owner.id);
    await h.run('accounts.export', row.id, { exportId: row.id });
    await h.run('accounts.export', `${row.id}-again`, { exportId: row.id });

    const ready = await findDataExport(h.env.db, row.id);
    expect(ready).toMatchObject({ status: 'ready', readyAt: NOW });
    expect(ready!.expiresAt).toEqual(new Date(NOW.getTime() + 7 * 24 * 3600_000));
    const stored = await h.drivers.storage.get(ready!.storageKey!, 'private');
    expect(stored?.contentType).toBe('application/zip');
    expect(stored?.contentLength).toBe(ready!.byteSize);
    stored?.body.destroy();

    const notices = await listNotifications(h.env.db, owner.id, 10);
    expect(notices.map((n) => [n.text, n.link])).toEqual([
      [YOUR_DATA_MESSAGES.exportReadyNotice, '/settings'],
    ]);
    expect((await emailsTo(h.env.db, owner.email)).map((e) => e.template)).toEqual([
      'account.export_ready',
    ]);
  });

  it('an export no longer pending (expired) is left alone', async () => {
    const owner = await createTestPlayer(h.env.db);
    const row = await newExport(owner.id);
    await h.env.db
      .update(schema.dataExports)
      .set({ status: 'expired' })
      .where(eq(schema.dataExports.id, row.id));
    await h.run('accounts.export', row.id, { exportId: row.id });
    expect((await findDataExport(h.env.db, row.id))!.status).toBe('expired');
    expect(await listNotifications(h.env.db, owner.id, 10)).toEqual([]);
  });

  it('storage failing: retried, and marked failed (its file removed) on the last attempt', async () => {
    const owner = await createTestPlayer(h.env.db);
    const row = await newExport(owner.id);
    const deleted: string[] = [];
    const broken: StorageDriver = {
      ...h.drivers.storage,
      put: async () => {
        throw new Error('disk full');
      },
      delete: async (key) => {
        deleted.push(key);
      },
    };
    const handler: JobHandler<'accounts.export'> = createExportHandler({
      ...h.drivers,
      db: h.env.db,
      storage: broken,
      clock: () => NOW,
    });
    const attempt = (n: number) =>
      handler({ id: `x:${n}`, name: 'accounts.export', attempt: n, data: { exportId: row.id } });
    await expect(attempt(1)).rejects.toThrow('disk full');
    expect((await findDataExport(h.env.db, row.id))!.status).toBe('pending');
    await expect(attempt(JOB_RETRY.attempts)).rejects.toThrow('disk full');
    expect((await findDataExport(h.env.db, row.id))!.status).toBe('failed');
    expect(deleted).toEqual([`exports/${owner.id}/${row.id}.zip`]);
  });
});

describe('accounts.erase and accounts.erase_due', () => {
  it('leave a live account alone', async () => {
    const live = await createTestPlayer(h.env.db, 'Still Here');
    await h.run('accounts.erase', live.id, { userId: live.id });
    await h.run('accounts.erase_due', 'live', {});
    const [row] = await h.env.db.select().from(schema.users).where(eq(schema.users.id, live.id));
    expect(row).toMatchObject({ username: 'Still Here', erasedAt: null, isActive: true });
  });
});

describe('the export-ready e-mail', () => {
  it('says what is inside and until when, in text and HTML (escaped), with a button', () => {
    const mail = renderEmail('account.export_ready', {
      name: 'Ada <Eze>',
      expiresOn: '5 December 2026',
      link: 'https://touchline.example.ng/settings',
    });
    expect(mail.subject).toBe('Your Touchline data is ready to download');
    expect(mail.text).toContain('Hello Ada <Eze>,');
    expect(mail.text).toContain('until 5 December 2026');
    expect(mail.text).toContain('Your data: https://touchline.example.ng/settings');
    expect(mail.html).toContain('Hello Ada &lt;Eze&gt;,');
    expect(mail.html).toContain('href="https://touchline.example.ng/settings"');
  });
});
