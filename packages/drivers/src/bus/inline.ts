import { EventEmitter } from 'node:events';
import type { Logger } from '../logger';
import { silentLogger } from '../logger';
import type { BusDriver, BusHandler } from '../types';
import { decodeMessage, encodeMessage } from './encoding';

/**
 * What in-process bus instances share, as Redis connections share a server. One per process in
 * the embedded mode (`createDrivers` makes it); tests make one per case.
 */
export type InlineBusHub = { readonly emitter: EventEmitter };

export function createInlineBusHub(): InlineBusHub {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return { emitter };
}

export type InlineBusOptions = { hub?: InlineBusHub; logger?: Logger };

export type InlineBusDriver = BusDriver & {
  readonly kind: 'inline';
  /** As the Redis bus's; an in-process bus never loses its connection, so it never calls it. */
  onReconnect(listener: () => void): () => void;
};

/**
 * In-process publish/subscribe. Delivery is asynchronous (never inside `publish`) and in publish
 * order; every handler gets its own decoded copy, as with Redis.
 */
export function createInlineBus({
  hub = createInlineBusHub(),
  logger = silentLogger,
}: InlineBusOptions = {}): InlineBusDriver {
  const own = new Set<{ channel: string; listener: (encoded: string) => void }>();
  let closed = false;

  return {
    kind: 'inline',

    async publish(channel, message) {
      if (closed) throw new Error('the bus is closed');
      const encoded = encodeMessage(message);
      setImmediate(() => hub.emitter.emit(channel, encoded));
    },

    async publishCounted(channel, message) {
      if (closed) throw new Error('the bus is closed');
      const encoded = encodeMessage(message);
      const reached = hub.emitter.listenerCount(channel);
      setImmediate(() => hub.emitter.emit(channel, encoded));
      return reached;
    },

    async subscribe(channel: string, handler: BusHandler) {
      if (closed) throw new Error('the bus is closed');
      const listener = (encoded: string) => {
        try {
          handler(decodeMessage(encoded));
        } catch (err) {
          logger.error({ channel, err }, 'bus handler failed');
        }
      };
      const subscription = { channel, listener };
      hub.emitter.on(channel, listener);
      own.add(subscription);
      return async () => {
        if (!own.delete(subscription)) return;
        hub.emitter.off(channel, listener);
      };
    },

    onReconnect() {
      return () => {};
    },

    async ping() {
      return !closed;
    },

    delivering: () => !closed,

    async close() {
      closed = true;
      for (const { channel, listener } of own) hub.emitter.off(channel, listener);
      own.clear();
    },
  };
}
