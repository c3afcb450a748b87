import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** `/api/admin/reports…` (issue 13; being built): the routes build their services from `app`. */
export const adminReportsRoutes: FastifyPluginAsyncZod = async () => {};
