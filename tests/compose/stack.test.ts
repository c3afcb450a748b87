/**
 * docker-compose.yml, up (scripts/lib/compose-tier.ts started it in its `depends_on` order), used
 * through its nginx proxy only: a player signs up with the code the worker e-mailed to the mail
 * catcher, signs in, posts a picture that lands in S3 (MinIO) and comes back through /media, and
 * a second player's like reaches the first one's socket live — through nginx's WebSocket
 * proxying, Redis, the worker and back. Both API instances serve the journey.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import sharp from 'sharp';
import { ADULT_AGE, todayInLagos, yearsBefore, type ServerEvent } from '@touchline/shared';
import { podman, projectContainers, type ProjectContainer } from '../../scripts/lib/compose/podman';
import {
  expectStatus,
  NotificationSocket,
  request,
  answered,
  signUpPlayer,
  stack,
  type User,
} from './testing/client';

const adult = yearsBefore(todayInLagos(), ADULT_AGE + 5);
/** podman's timestamps carry nanoseconds; Date wants milliseconds. */
const time = (value: string) => Date.parse(value.replace(/(\.\d{3})\d+/, '$1'));

async function logsOf(container: ProjectContainer): Promise<string> {
  const result = await podman(['logs', container.name], 60_000);
  return `${result.stdout}${result.stderr}`;
}

describe('docker-compose.yml through its proxy', () => {
  let containers: ProjectContainer[];
  const byService = (service: string) => {
    const found = containers.find((c) => c.service === service);
    if (!found) throw new Error(`no ${service} container in ${stack.project}`);
    return found;
  };
  let owner: User;
  let fan: User;
  let postId: string;
  const sockets: NotificationSocket[] = [];
  afterAll(() => sockets.forEach((s) => s.close()));

  it('ran the migration on the fresh database, to completion, before the API instances and the worker started', async () => {
    containers = await projectContainers(stack.project);
    const migrate = byService('migrate');
    expect(migrate).toMatchObject({ status: 'exited', exitCode: 0 });
    expect(await logsOf(migrate)).toMatch(/applied 0000_extensions, 0001_init/);
    for (const service of ['api1', 'api2', 'worker']) {
      const started = time(byService(service).startedAt);
      expect(started, `${service} started after the migration finished`).toBeGreaterThanOrEqual(
        time(migrate.finishedAt),
      );
    }
    for (const service of [
      'postgres',
      'redis',
      'minio',
      'mailpit',
      'api1',
      'api2',
      'worker',
      'proxy',
    ])
      expect(byService(service).status, service).toBe('running');
  });

  it('serves the web app and a ready API on Postgres, Redis, S3 and SMTP', async () => {
    const page = await expectStatus(200, 'GET', '/');
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.body).toContain('<div id="root">');
    const ready = await expectStatus(200, 'GET', '/api/health/ready');
    expect(ready.body).toMatchObject({
      status: 'ok',
      mode: { database: 'postgres', queue: 'bullmq', bus: 'redis', storage: 's3', mail: 'smtp' },
    });
  });

  it('signs a player up with the code e-mailed to the mail catcher, and signs them in', async () => {
    owner = await signUpPlayer('owner', adult);
    const me = await expectStatus(200, 'GET', '/api/me', { token: owner.token });
    expect(me.body).toMatchObject({ user_id: owner.id, email: owner.email, role: 'player' });
  });

  it('stores a posted picture in S3 and serves it back through /media', async () => {
    const png = await sharp({
      create: { width: 320, height: 200, channels: 3, background: '#0a7f3f' },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('content', 'First session with the academy');
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'pitch.png');
    const created = await expectStatus(201, 'POST', '/api/post', { token: owner.token, form });
    const post = created.body as { id: string; image: string | null };
    postId = post.id;
    expect(post.image).toMatch(/^(https?:\/\/[^/]+)?\/media\//);

    const picture = await request('GET', new URL(post.image!, stack.url).pathname);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toMatch(/^image\//);
    const meta = await sharp(picture.body as Buffer).metadata();
    expect(meta.width).toBeGreaterThan(0);
    expect(meta.height).toBeGreaterThan(0);
  });

  it("delivers a second player's like to the owner's socket, live, through the proxy", async () => {
    const socket = await NotificationSocket.open(owner);
    sockets.push(socket);
    fan = await signUpPlayer('fan', adult);
    await expectStatus(200, 'POST', `/api/like/${postId}`, { token: fan.token });
    const event = await socket.next(
      'like notification',
      (e): e is Extract<ServerEvent, { type: 'notification' }> =>
        e.type === 'notification' && e.data.actor_id === fan.id,
    );
    expect(event.data.kind).toBe('like');
    expect(event.data.text).toContain(fan.username);
  });

  it('passes a 100 MB upload through the proxy to the API (which answers it, not nginx)', async () => {
    const size = 100 * 1024 * 1024;
    const form = new FormData();
    form.append('content', 'A long video');
    // Not a video: the API reads it all and refuses its type; nginx's body limit must let it by.
    form.append('video', new Blob([new Uint8Array(size)], { type: 'video/mp4' }), 'match.mp4');
    const answer = await request('POST', '/api/post', {
      token: owner.token,
      form,
      timeoutMs: 170_000,
    });
    expect(answer.headers.get('content-type')).toContain('application/json');
    expect(answer.headers.get('x-request-id')).toBeTruthy();
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).not.toBe(413);
  });

  it('served the journey from both API instances', async () => {
    // The API calls (the web app's files, media and health probes are logged at debug only).
    const calls = answered.filter(
      (a) => a.path.startsWith('/api/') && !a.path.startsWith('/api/health'),
    );
    const servedBy = (logs: string) => calls.filter((a) => logs.includes(a.id)).length;
    expect(calls.length).toBeGreaterThanOrEqual(10);
    // The production log is buffered (written within 250 ms, decision 63): the last calls'
    // entries may still be on their way when the journey ends.
    let api1 = '';
    let api2 = '';
    await vi.waitFor(
      async () => {
        [api1, api2] = await Promise.all([logsOf(byService('api1')), logsOf(byService('api2'))]);
        expect(servedBy(api1) + servedBy(api2)).toBeGreaterThanOrEqual(calls.length);
      },
      { timeout: 60_000, interval: 250 },
    );
    expect(servedBy(api1), 'API calls api1 logged').toBeGreaterThan(0);
    expect(servedBy(api2), 'API calls api2 logged').toBeGreaterThan(0);
    expect(servedBy(api1) + servedBy(api2), 'each call logged by exactly one instance').toBe(
      calls.length,
    );
  });
});
