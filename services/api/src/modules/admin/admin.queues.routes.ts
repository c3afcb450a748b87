import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** `/api/admin/queues…` (issue 13; being built): the routes build their services from `app`. */
export const adminQueuesRoutes: FastifyPluginAsyncZod = async () => {};
