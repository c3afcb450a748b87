import fp from 'fastify-plugin';

/**
 * Compression of API answers above a threshold (issue 15). Owner: the web-delivery work;
 * registered in app.ts after the security plugin.
 */
export const compressPlugin = fp(async () => {}, { name: 'compress', dependencies: ['platform'] });
