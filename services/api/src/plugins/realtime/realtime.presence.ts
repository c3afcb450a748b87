import type { PresenceChange, PresenceDriver } from '@touchline/drivers';
import type { Connection, Logger } from './realtime.connection';

export type PresenceListener = (change: PresenceChange) => void | Promise<void>;

/**
 * Who is online across instances (`PresenceDriver`: in memory embedded, Redis leases scaled):
 * each socket's arrival and departure is reported once, and each change a user goes through
 * reaches the listeners once, in order (online, then offline, …).
 */
export function createPresenceTracker(deps: { presence?: PresenceDriver; logger: Logger }) {
  const listeners: PresenceListener[] = [];
  const chains = new Map<string, Promise<void>>();

  function report(change: PresenceChange) {
    const { userId } = change;
    const run = async () => {
      for (const listener of listeners) {
        try {
          await listener(change);
        } catch (err) {
          deps.logger.warn({ err, userId }, 'presence listener failed');
        }
      }
    };
    const chain = (chains.get(userId) ?? Promise.resolve()).then(run);
    chains.set(userId, chain);
    void chain.then(() => {
      if (chains.get(userId) === chain) chains.delete(userId);
    });
  }

  deps.presence?.onChange((change) => report(change));
  deps.presence?.start();

  /** A socket arrived or left (its departure is reported once, and only after its arrival). */
  function track(connection: Connection, as: 'connected' | 'disconnected') {
    const presence = deps.presence;
    if (!presence) return;
    if (as === 'connected') connection.present = true;
    else if (!connection.present) return;
    else connection.present = false;
    const { userId } = connection;
    const change = as === 'connected' ? presence.connected(userId) : presence.disconnected(userId);
    change
      .then((changed) => {
        if (changed) report({ userId, online: as === 'connected' });
      })
      .catch((err: unknown) => deps.logger.warn({ err, userId }, 'presence update failed'));
  }

  /**
   * Called when a user comes online (their first socket on any instance) or goes offline (their
   * last one closed, or the instance holding it died): each change once, on one instance.
   */
  function onPresence(listener: PresenceListener) {
    listeners.push(listener);
  }

  /** The ones of `userIds` online now (any instance); nobody when presence is unavailable. */
  async function online(userIds: readonly string[]): Promise<Set<string>> {
    if (!deps.presence || userIds.length === 0) return new Set();
    try {
      return await deps.presence.online(userIds);
    } catch (err) {
      deps.logger.warn({ err }, 'presence unavailable; everyone reads as offline');
      return new Set();
    }
  }

  return { track, onPresence, online };
}
