import { describe, expect, it } from 'vitest';
import { EVENT_ROUTES, CHAT_NOTIFY_DELAY_MS, JOBS } from '../jobs';
import { clientEventSchema, serverEventSchema } from '../realtime';
import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  chatOpenBodySchema,
  chatPartnerOf,
  chatSendBodySchema,
  chatThreadName,
  parseChatThreadName,
} from './chat';

const low = '0196a7c2-1b2c-7d3e-8f40-5a6b7c8d9e0f';
const high = '8f1e2d3c-4b5a-4968-8776-655443322110';
const messagesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('conversation names', () => {
  it('names a pair the same way whichever member asks, smaller id first, in lower case', () => {
    const name = `chat_${low}_${high}`;
    expect(chatThreadName(low, high)).toBe(name);
    expect(chatThreadName(high, low)).toBe(name);
    expect(chatThreadName(high.toUpperCase(), low)).toBe(name);
    expect(parseChatThreadName(name)).toEqual([low, high]);
    expect(chatPartnerOf(name, low)).toBe(high);
    expect(chatPartnerOf(name, high)).toBe(low);
    expect(chatPartnerOf(name, '11111111-1111-4111-8111-111111111111')).toBeNull();
  });

  it('refuses every other spelling', () => {
    for (const name of [
      `chat_${high}_${low}`, // wrong order
      `chat_${low}_${low}`, // the same user twice
      `chat_${low.toUpperCase()}_${high}`,
      `chat_${low}_${high} `,
      `xchat_${low}_${high}`,
      `chat_${low}_${high}_x`,
      `chat_${low}`,
      `chat_${low.replaceAll('-', '')}_${high.replaceAll('-', '')}`,
      '',
      `chat_${low}_${high}\n`,
    ]) {
      expect(parseChatThreadName(name), name).toBeNull();
    }
    expect(() => chatThreadName(low, low)).toThrow();
    expect(() => chatThreadName(low, 'not-a-uuid')).toThrow();
  });
});

describe('message bodies', () => {
  it('takes text up to the limit and a client id of the allowed characters', () => {
    const text = 'x'.repeat(CHAT_LIMITS.textMax);
    expect(chatSendBodySchema.parse({ text: `  ${text} `, client_id: 'a-B_9' })).toEqual({
      text,
      client_id: 'a-B_9',
    });
    // Multipart: blanks are absent; an image alone has no text.
    expect(chatSendBodySchema.parse({ text: '', client_id: '' })).toEqual({
      text: '',
      client_id: undefined,
    });
    expect(chatSendBodySchema.parse({})).toEqual({ text: '', client_id: undefined });
  });

  it('refuses a text over the limit and a malformed client id with their messages', () => {
    expect(
      messagesOf(
        chatSendBodySchema.safeParse({
          text: 'x'.repeat(CHAT_LIMITS.textMax + 1),
          client_id: 'x'.repeat(CHAT_LIMITS.clientIdMax + 1),
        }),
      ),
    ).toEqual({ text: CHAT_MESSAGES.tooLong, client_id: CHAT_MESSAGES.clientIdInvalid });
    expect(
      messagesOf(chatSendBodySchema.safeParse({ text: 'hi', client_id: 'has space' })),
    ).toEqual({ client_id: CHAT_MESSAGES.clientIdInvalid });
    expect(CHAT_MESSAGES.tooLong).toBe('Message must be at most 2000 characters');
  });

  it('answers a malformed receiver as a user that does not exist', () => {
    expect(messagesOf(chatOpenBodySchema.safeParse({ receiver_id: 'nope' }))).toEqual({
      receiver_id: CHAT_MESSAGES.userNotFound,
    });
    expect(chatOpenBodySchema.parse({ receiver_id: high.toUpperCase() })).toEqual({
      receiver_id: high,
    });
  });
});

describe('socket events and jobs', () => {
  it('knows the chat events and the client typing event', () => {
    const message = {
      id: low,
      thread_name: `chat_${low}_${high}`,
      sender_id: low,
      text: 'Hello',
      image: null,
      client_id: 'c1',
      created_at: '2026-11-26T10:00:00.000Z',
      edited_at: null,
      deleted: false,
    };
    expect(
      serverEventSchema.parse({
        type: 'chat_message',
        seq: 3,
        data: { message, unread_count: 1, unread_total: 4 },
      }).type,
    ).toBe('chat_message');
    expect(
      serverEventSchema.safeParse({ type: 'typing', data: { thread_name: 'x', user_id: low } })
        .success,
    ).toBe(true);
    expect(clientEventSchema.parse({ type: 'typing', thread_name: 'x' })).toEqual({
      type: 'typing',
      thread_name: 'x',
    });
    expect(clientEventSchema.parse({ type: 'ping' })).toEqual({ type: 'ping' });
  });

  it('routes a sent message to its notification job after the delay', () => {
    const [route] = EVENT_ROUTES['chat.message_sent'];
    expect(route?.job).toBe('notifications.chat_message');
    expect(route?.delayMs).toBe(CHAT_NOTIFY_DELAY_MS);
    expect(CHAT_NOTIFY_DELAY_MS).toBe(3000);
    const payload = route!.payload({ messageId: low }, '42');
    expect(JOBS['notifications.chat_message'].payload.parse(payload)).toEqual({
      eventId: '42',
      messageId: low,
    });
  });
});
