import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishPreviews } from '@touchline/delivery';
import { serverEventSchema, type PreviewNotice } from '@touchline/shared';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { openTestSocket, socketBase } from './realtime.test-support';

/**
 * A notice previewed to many users at once (decision 60): one bus message, each instance sending
 * a `notification_preview` to its own sockets of the users listed, and to nobody else.
 */
describe('notice previews', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => t.close());

  it('reach every open tab of each user listed, with their own id and count, and no one else', async () => {
    const [ada, bola, chidi, dayo] = await Promise.all([
      t.createUser(),
      t.createUser(),
      t.createUser(),
      t.createUser(),
    ]);
    const base = socketBase(t.app);
    const adaTab = await openTestSocket(base, { userId: ada!.id, token: ada!.token });
    const bolaTabs = await Promise.all([
      openTestSocket(base, { userId: bola!.id, token: bola!.token }),
      openTestSocket(base, { userId: bola!.id, token: bola!.token }),
    ]);
    const dayoTab = await openTestSocket(base, { userId: dayo!.id, token: dayo!.token });
    const notice: PreviewNotice = {
      kind: 'new_post',
      text: 'Lagos FC added a new post',
      link: '/view_post_details/p1',
      actor_id: chidi!.id,
      created_at: '2026-11-29T10:00:00.000Z',
    };

    // Chidi has no socket here; Dayo is not listed.
    await publishPreviews(t.drivers.bus, notice, [
      [ada!.id, 'n-ada', 3],
      [bola!.id, 'n-bola', 1],
      [chidi!.id, 'n-chidi', 1],
    ]);

    const previewOf = (events: unknown[]) =>
      events
        .map((e) => serverEventSchema.parse(e))
        .filter((e) => e.type === 'notification_preview');
    const [adaPreview] = previewOf(
      await adaTab.until((e) => e.some((x) => x.type === 'notification_preview')),
    );
    expect(adaPreview).toEqual({
      type: 'notification_preview',
      data: { ...notice, id: 'n-ada', unread: 3 },
    });
    for (const tab of bolaTabs) {
      const previews = previewOf(
        await tab.until((e) => e.some((x) => x.type === 'notification_preview')),
      );
      expect(previews).toEqual([
        { type: 'notification_preview', data: { ...notice, id: 'n-bola', unread: 1 } },
      ]);
    }
    // A later preview to Dayo arrives alone: the earlier message listed nobody of theirs.
    await publishPreviews(t.drivers.bus, notice, [[dayo!.id, 'n-dayo', 2]]);
    const dayoPreviews = previewOf(
      await dayoTab.until((e) => e.some((x) => x.type === 'notification_preview')),
    );
    expect(dayoPreviews.map((e) => e.type === 'notification_preview' && e.data.id)).toEqual([
      'n-dayo',
    ]);
    expect(previewOf(adaTab.events)).toHaveLength(1);
    for (const tab of [adaTab, ...bolaTabs, dayoTab]) await tab.close();
  });
});
