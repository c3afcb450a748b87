import type { PresenceChange, PresenceDriver } from '../types';

export type MemoryPresenceDriver = PresenceDriver & { readonly kind: 'memory' };

/**
 * Presence of the embedded mode: one process holds every socket, so a count of sockets per user
 * is the whole truth. Nothing expires and nothing is swept.
 */
export function createMemoryPresence(): MemoryPresenceDriver {
  const sockets = new Map<string, number>();
  const listeners: ((change: PresenceChange) => void)[] = [];
  return {
    kind: 'memory',
    start() {},
    async connected(userId) {
      const count = sockets.get(userId) ?? 0;
      sockets.set(userId, count + 1);
      return count === 0;
    },
    async disconnected(userId) {
      const count = sockets.get(userId) ?? 0;
      if (count <= 1) sockets.delete(userId);
      else sockets.set(userId, count - 1);
      return count === 1;
    },
    async online(userIds) {
      return new Set(userIds.filter((id) => sockets.has(id)));
    },
    onChange(listener) {
      listeners.push(listener); // kept for the interface: memory presence finds no changes itself
    },
    async close() {
      sockets.clear();
    },
  };
}
