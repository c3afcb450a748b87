import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { chatRoutes } from './chat.routes';
import { createChatService, type ChatPresence } from './chat.service';

/**
 * Who is online, for the partner fields. Until the realtime module's presence (`presenceFrom`,
 * chat.live.ts) is wired, everyone reads as offline with their stored last-seen time.
 */
function chatPresenceFrom(_app: FastifyInstance): ChatPresence {
  return { online: async () => new Set<string>() };
}

/** The chat service wired from the root's decorators (stored events reach both members' sockets). */
export function buildChatService(app: FastifyInstance) {
  const { db, clock, drivers } = app;
  return createChatService({
    db,
    clock,
    storage: drivers.storage,
    presence: chatPresenceFrom(app),
    publish: (userId, event) => app.realtime.publishStored(userId, event),
    onStorageError: (err) => app.log.warn({ err }, 'chat picture file not deleted'),
  });
}

/** Chat: conversations between two users; every route is signed-in (any role). */
export const chatModule: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  await app.register(chatRoutes({ chat: buildChatService(app) }));
};
