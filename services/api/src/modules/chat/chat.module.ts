import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { presenceFrom, registerChatLive } from './chat.live';
import { chatRoutes } from './chat.routes';
import { createChatService } from './chat.service';
import { multipartPlugin } from '../../plugins/multipart';

/** The chat service wired from the root's decorators (stored events reach both members' sockets). */
export function buildChatService(app: FastifyInstance) {
  const { db, clock, drivers } = app;
  return createChatService({
    db,
    clock,
    storage: drivers.storage,
    presence: presenceFrom(app), // who is online, on any instance
    publisher: app.publisher,
    onStorageError: (err) => app.log.warn({ err }, 'chat picture file not deleted'),
  });
}

/**
 * Chat: conversations between two users; every route is signed-in (any role). The live side
 * (typing, presence fan-out) is registered on the realtime hub once, here.
 */
export const chatModule: FastifyPluginAsyncZod = async (app) => {
  // Its routes take multipart forms (uploads): the parser and its hooks are this module's own.
  await app.register(multipartPlugin);
  registerChatLive(app);
  app.addHook('onRequest', app.authenticate);
  await app.register(chatRoutes({ chat: buildChatService(app) }));
};

/** What the administration may do to chat: remove a reported message (decision 48). */
export type ChatModeration = Pick<ReturnType<typeof buildChatService>, 'removeForModeration'>;

/** The chat's moderation capability, for the admin module's reports. */
export function chatModerationFrom(app: FastifyInstance): ChatModeration {
  return buildChatService(app);
}
