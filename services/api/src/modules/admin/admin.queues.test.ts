import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@touchline/db';
import { revokeSession } from '@touchline/db/auth';
import { appendEvent } from '@touchline/db/outbox';
import { UnrecoverableJobError, type JobHandlers } from '@touchline/drivers';
import { ADMIN_OPS_MESSAGES, ERROR_CODES, JOBS, type AdminQueues } from '@touchline/shared';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { BOARD_CSP } from './admin.queues.board-page';

/** Waits for a condition with a generous bound (a loaded machine), never a fixed sleep. */
async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 30_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Issue 13: the administrators' queues: counts, failed jobs with their reason, retry and remove
 * (audited), the outbox lag; BullMQ with TEST_REDIS_URL, the embedded queue otherwise.
 */
describe('/api/admin/queues', () => {
  let t: TestApp;
  let admin: TestUser;
  /** Media jobs fail for good while this is true. */
  let failing = true;
  const ran: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.createUser({ role: 'admin' });
    const handlers = Object.fromEntries(
      Object.keys(JOBS).map((name) => [
        name,
        async (job: { id: string }) => {
          if (failing) throw new UnrecoverableJobError('boom: the media file is unreadable');
          ran.push(job.id);
        },
      ]),
    ) as unknown as JobHandlers;
    await t.drivers.queue.process(handlers, { queues: ['media'] });
  });
  afterAll(async () => t.close());

  const overview = async () => {
    const res = await admin.call('GET', '/api/admin/queues');
    expect(res.statusCode).toBe(200);
    return res.json() as AdminQueues;
  };
  const media = (o: AdminQueues) => o.queues.find((q) => q.name === 'media')!;
  const failedJob = (o: AdminQueues, id: string) =>
    media(o).failed_jobs.find((job) => job.id === id);
  const addMediaJob = async () => {
    const id = `media.process:${randomUUID()}`;
    const mediaId = randomUUID();
    await t.drivers.queue.add('media.process', { mediaId }, { jobId: id });
    return { id, mediaId };
  };
  const auditOf = (action: string, jobId: string) =>
    t.db
      .select()
      .from(schema.adminAudit)
      .where(
        sql`${schema.adminAudit.action} = ${action} and ${schema.adminAudit.details}->>'job_id' = ${jobId}`,
      );

  it('shows a failed job with its reason; retry runs it again (audited), only a failed one', async () => {
    failing = true;
    const { id, mediaId } = await addMediaJob();
    const seen = await until(overview, (o) => failedJob(o, id) !== undefined);
    expect(seen.driver).toBe(t.drivers.queue.kind);
    expect(seen.queues.map((q) => q.name)).toContain('email');
    expect(media(seen).counts.failed).toBeGreaterThanOrEqual(1);
    expect(failedJob(seen, id)).toMatchObject({
      id,
      queue: 'media',
      name: 'media.process',
      payload: { mediaId },
      reason: expect.stringContaining('boom: the media file is unreadable'),
      attempts: 1,
      created_at: expect.any(String),
      finished_at: expect.any(String),
    });

    failing = false;
    const retried = await admin.call('POST', `/api/admin/queues/media/jobs/${id}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ message: ADMIN_OPS_MESSAGES.jobRetried });
    await until(
      async () => ran.includes(id),
      (done) => done,
    );
    const after = await until(overview, (o) => failedJob(o, id) === undefined);
    expect(media(after).counts.completed).toBeGreaterThanOrEqual(1);
    const [audit] = await auditOf('job.retried', id);
    expect(audit).toMatchObject({ actorId: admin.id, details: { queue: 'media', job_id: id } });

    // Not failed (completed): 409; unknown: 404; a queue that does not exist: 400.
    const again = await admin.call('POST', `/api/admin/queues/media/jobs/${id}/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ADMIN_OPS_MESSAGES.jobNotFailed);
    const unknown = await admin.call(
      'POST',
      '/api/admin/queues/media/jobs/media.process:nope/retry',
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(ADMIN_OPS_MESSAGES.jobNotFound);
    // The job exists, but in another queue than the one named.
    const elsewhere = await admin.call('POST', `/api/admin/queues/email/jobs/${id}/retry`);
    expect(elsewhere.statusCode).toBe(404);
    expect((await admin.call('POST', `/api/admin/queues/nope/jobs/${id}/retry`)).statusCode).toBe(
      400,
    );
  });

  it('removes a failed job (audited); it is gone', async () => {
    failing = true;
    const { id } = await addMediaJob();
    await until(overview, (o) => failedJob(o, id) !== undefined);
    const removed = await admin.call('DELETE', `/api/admin/queues/media/jobs/${id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: ADMIN_OPS_MESSAGES.jobRemoved });
    expect(failedJob(await overview(), id)).toBeUndefined();
    expect(await auditOf('job.removed', id)).toHaveLength(1);
    const again = await admin.call('DELETE', `/api/admin/queues/media/jobs/${id}`);
    expect(again.statusCode).toBe(404);
  });

  it('shows the outbox lag (oldest unpublished event) and the dead-lettered count', async () => {
    const { id: old } = await appendEvent(t.db, {
      type: 'user.sessions_revoked',
      payload: { userId: admin.id },
    });
    const { id: dead } = await appendEvent(t.db, {
      type: 'user.sessions_revoked',
      payload: { userId: admin.id },
    });
    await t.db
      .update(schema.outbox)
      .set({ createdAt: sql`now() - interval '120 seconds'` })
      .where(eq(schema.outbox.id, old));
    await t.db
      .update(schema.outbox)
      .set({ deadAt: sql`now()`, lastError: 'unroutable' })
      .where(eq(schema.outbox.id, dead));
    const { outbox } = await overview();
    expect(outbox.outbox_lag_seconds).toBeGreaterThanOrEqual(119);
    expect(outbox.unpublished).toBeGreaterThanOrEqual(1);
    expect(outbox.dead_lettered).toBeGreaterThanOrEqual(1);
  });

  it('opens the BullMQ board through a short-lived link and a cookie (scaled mode only)', async () => {
    const player = await t.createUser();
    expect((await player.call('GET', '/api/admin/queues')).statusCode).toBe(403);
    expect((await player.call('GET', '/api/admin/queues/board_link')).statusCode).toBe(403);
    const link = await admin.call('GET', '/api/admin/queues/board_link');
    const { board } = await overview();
    if (t.drivers.queue.kind !== 'bullmq') {
      expect(board).toBe(false);
      expect(link.statusCode).toBe(404);
      expect(link.json().message).toBe(ADMIN_OPS_MESSAGES.boardUnavailable);
      return;
    }
    expect(board).toBe(true);
    expect(link.statusCode).toBe(200);
    const { url } = link.json() as { url: string };
    expect(url).toMatch(/^\/admin\/queues\/board\/auth\?token=/);

    // Without the cookie, nothing of the board answers (page, files, its API).
    for (const path of ['/admin/queues/board/', '/admin/queues/board/api/queues']) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode).toBe(401);
    }
    // A forged or altered link is refused.
    const forged = await t.app.inject({ method: 'GET', url: `${url}x` });
    expect(forged.statusCode).toBe(401);

    const opened = await t.app.inject({ method: 'GET', url });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe('/admin/queues/board/');
    const setCookie = String(opened.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\/admin\/queues\/board/);
    const cookie = setCookie.split(';')[0]!;

    const page = await t.app.inject({
      method: 'GET',
      url: '/admin/queues/board/',
      headers: { cookie },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<base href="/admin/queues/board/"');
    const api = await t.app.inject({
      method: 'GET',
      url: '/admin/queues/board/api/queues',
      headers: { cookie },
    });
    expect(api.statusCode).toBe(200);
    expect(JSON.stringify(api.json())).toContain('media');

    // A player's cookie cannot be made from a player's session: the link is refused to them, and
    // a blocked administrator's cookie stops working at once.
    await t.db.update(schema.users).set({ isActive: false }).where(eq(schema.users.id, admin.id));
    const blocked = await t.app.inject({
      method: 'GET',
      url: '/admin/queues/board/api/queues',
      headers: { cookie },
    });
    await t.db.update(schema.users).set({ isActive: true }).where(eq(schema.users.id, admin.id));
    expect(blocked.statusCode).toBe(401);
  });

  it('ends the board with the sign-in session, and audits what is done on it (issue 25)', async () => {
    if (t.drivers.queue.kind !== 'bullmq') return;
    const operator = await t.createUser({ role: 'admin' });
    const { url } = (await operator.call('GET', '/api/admin/queues/board_link')).json() as {
      url: string;
    };
    const opened = await t.app.inject({ method: 'GET', url });
    const cookie = String(opened.headers['set-cookie']).split(';')[0]!;
    const api = (method: 'GET' | 'PUT', path: string) =>
      t.app.inject({ method, url: `/admin/queues/board/api${path}`, headers: { cookie } });

    // A board action is written to the admin audit log, with its administrator.
    const cleaned = await api('PUT', '/queues/media/clean/completed');
    expect(cleaned.statusCode).toBeLessThan(400);
    const audit = await t.db
      .select()
      .from(schema.adminAudit)
      .where(eq(schema.adminAudit.actorId, operator.id));
    expect(audit).toContainEqual(
      expect.objectContaining({
        action: 'queues.board_action',
        details: expect.objectContaining({
          method: 'PUT',
          path: '/api/queues/media/clean/completed',
        }),
      }),
    );
    // Reading the board is not an action.
    expect((await api('GET', '/queues')).statusCode).toBe(200);
    expect(
      (
        await t.db
          .select()
          .from(schema.adminAudit)
          .where(eq(schema.adminAudit.actorId, operator.id))
      ).length,
    ).toBe(audit.length);

    // Logout clears the cookie in the browser, and the session's end refuses it anywhere else.
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      payload: { refresh: 'not-a-refresh-token' },
    });
    expect(String(logout.headers['set-cookie'])).toMatch(
      /^tl_queue_board=; Path=\/admin\/queues\/board; Max-Age=0/,
    );
    await revokeSession(t.db, { id: operator.sessionId, userId: operator.id }, 'logout');
    expect((await api('GET', '/queues')).statusCode).toBe(401);
  });

  it('sets the board cookie Secure behind a TLS proxy (a trusted X-Forwarded-Proto, or an https PUBLIC_URL)', async () => {
    if (t.drivers.queue.kind !== 'bullmq') return;
    const proxied = await createTestApp({ env: { TRUST_PROXY: '1' } });
    try {
      const operator = await proxied.createUser({ role: 'admin' });
      const { url } = (await operator.call('GET', '/api/admin/queues/board_link')).json() as {
        url: string;
      };
      const plain = await proxied.app.inject({ method: 'GET', url });
      expect(String(plain.headers['set-cookie'])).not.toMatch(/Secure/);
      const again = (await operator.call('GET', '/api/admin/queues/board_link')).json() as {
        url: string;
      };
      const tls = await proxied.app.inject({
        method: 'GET',
        url: again.url,
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(tls.statusCode).toBe(303);
      expect(String(tls.headers['set-cookie'])).toMatch(/; Secure/);
    } finally {
      await proxied.close();
    }
    // A TLS proxy this instance does not trust for addresses: the https public address decides.
    const behindTls = await createTestApp({ env: { PUBLIC_URL: 'https://touchline.example.ng' } });
    try {
      const operator = await behindTls.createUser({ role: 'admin' });
      const { url } = (await operator.call('GET', '/api/admin/queues/board_link')).json() as {
        url: string;
      };
      const opened = await behindTls.app.inject({ method: 'GET', url });
      expect(opened.statusCode).toBe(303);
      expect(String(opened.headers['set-cookie'])).toMatch(/; Secure/);
    } finally {
      await behindTls.close();
    }
  });

  it('serves the board under its own CSP: its own files and fonts, nothing from another host; the app keeps its policy', async () => {
    // The SPA's page (API answers carry a JSON API's short policy, decision 69).
    const appPolicy = (await t.app.inject({ method: 'GET', url: '/' })).headers[
      'content-security-policy'
    ];
    // The app's policy is its own (Google sign-in), never the board's.
    expect(appPolicy).toContain('https://accounts.google.com/gsi/client');
    expect(appPolicy).not.toBe(BOARD_CSP);
    // No board without BullMQ (the embedded mode).
    if (t.drivers.queue.kind !== 'bullmq') return;
    const link = await admin.call('GET', '/api/admin/queues/board_link');
    const opened = await t.app.inject({ method: 'GET', url: (link.json() as { url: string }).url });
    const cookie = String(opened.headers['set-cookie']).split(';')[0]!;
    const get = (path: string, withCookie = true) =>
      t.app.inject({
        method: 'GET',
        url: new URL(path, 'http://board.test/admin/queues/board/').pathname,
        headers: withCookie ? { cookie } : {},
      });

    const page = await get('/admin/queues/board/');
    expect(page.statusCode).toBe(200);
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toBe(BOARD_CSP);
    // Every source is the board's own: no host, scheme or wildcard, no eval; inline styles only.
    const directives = new Map(
      policy.split(';').map((part) => {
        const [name, ...sources] = part.trim().split(/\s+/);
        return [name!, sources];
      }),
    );
    for (const [name, sources] of directives) {
      for (const source of sources) {
        const allowed = ["'self'", "'none'", ...(name === 'style-src' ? ["'unsafe-inline'"] : [])];
        expect(allowed, `${name} ${source}`).toContain(source);
      }
    }
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('font-src')).toEqual(["'self'"]);
    expect(directives.get('connect-src')).toEqual(["'self'"]);
    expect(directives.get('default-src')).toEqual(["'self'"]);

    // The page asks nothing of Google Fonts; every file it names answers under that policy.
    expect(page.body).not.toMatch(/fonts\.(googleapis|gstatic)\.com/);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"#]+)"/g)].map((m) => m[1]!);
    expect(assets).toContain('fonts/fonts.css');
    for (const asset of assets.filter((a) => !a.startsWith('/admin/queues/board/'))) {
      expect(asset, 'a file of the board itself').not.toMatch(/^[a-z]+:|^\/\//i);
      const file = await get(asset);
      expect(file.statusCode, asset).toBe(200);
      expect(file.headers['content-security-policy']).toBe(BOARD_CSP);
    }
    const css = await get('fonts/fonts.css');
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    const fonts = [...css.body.matchAll(/url\(([^)]+)\)/g)].map((m) => m[1]!);
    expect(css.body).toContain("font-family:'IBM Plex Sans'");
    expect(css.body).toContain("font-family:'IBM Plex Mono'");
    expect(fonts).toHaveLength(5);
    for (const font of fonts) {
      const file = await get(`fonts/${font}`);
      expect(file.statusCode, font).toBe(200);
      expect(file.headers['content-type']).toBe('font/woff2');
      expect(file.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');
    }
    // Behind the same administrator check; no other file under fonts/.
    expect((await get(`fonts/${fonts[0]!}`, false)).statusCode).toBe(401);
    for (const other of ['..%2F..%2Fpackage.json', 'ibm-plex-sans-latin-700-normal.woff2']) {
      const refused = await get(`fonts/${other}`);
      expect(refused.statusCode, other).toBe(404);
      expect(refused.json()).toMatchObject({ code: ERROR_CODES.notFound });
    }
  });
});
