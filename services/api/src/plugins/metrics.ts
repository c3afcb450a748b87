import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { ERROR_CODES } from '@touchline/shared';
import { bearerMatches, pipelineMetrics } from '@touchline/worker/pipeline-metrics';

export const METRICS_PATH = '/api/metrics';

/**
 * Process metrics (CPU, memory, handles, GC, event-loop lag) are one set per process, however many
 * apps it builds (tests build dozens): collected once, into their own registry.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const STATUS_CLASS = ['1xx', '1xx', '2xx', '3xx', '4xx', '5xx'];

/** The instance's own series: request latency, queue depths, sockets, outbox lag. */
function appMetrics(app: FastifyInstance) {
  const registry = new Registry();
  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method, route pattern and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'touchline_realtime_sockets',
    help: 'WebSockets held by this API instance',
    registers: [registry],
    collect() {
      this.set(app.realtime.connectionCount());
    },
  });
  const info = new Gauge({
    name: 'touchline_info',
    help: 'The drivers this process runs on (always 1)',
    labelNames: ['database', 'queue', 'bus', 'storage', 'mail'] as const,
    registers: [registry],
  });
  info.set(
    {
      database: app.database.kind,
      queue: app.drivers.queue.kind,
      bus: app.drivers.bus.kind,
      storage: app.drivers.storage.kind,
      mail: app.drivers.mail.kind,
    },
    1,
  );

  const refresh = pipelineMetrics(registry, {
    queue: app.drivers.queue.admin,
    db: app.db,
    logger: app.log,
  });

  return { registry, requests, refresh };
}

/**
 * Prometheus metrics at `GET /api/metrics` (issue 16): HTTP latency by route pattern and status
 * class, queue depths, this instance's sockets, the outbox lag, and the process metrics
 * (event-loop lag, CPU, memory, GC). Per request it costs one synchronous `onResponse` hook;
 * everything that asks a dependency runs at scrape time.
 *
 * Access: with `METRICS_TOKEN` set, `Authorization: Bearer <METRICS_TOKEN>` is required (401
 * otherwise) in every mode. Without it the route is open outside production and not registered
 * at all in production (404), so a forgotten token never exposes the numbers.
 */
export const metricsPlugin = fp(
  async (app) => {
    const { registry, requests, refresh } = appMetrics(app);

    // Children per label set, so the hot path hashes no label object.
    const children = new Map<string, ReturnType<typeof requests.labels>>();
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? 'unmatched';
      const status = STATUS_CLASS[Math.trunc(reply.statusCode / 100)] ?? 'other';
      const key = `${request.method} ${status} ${route}`;
      let child = children.get(key);
      if (!child) {
        child = requests.labels(request.method, route, status);
        children.set(key, child);
      }
      child.observe(reply.elapsedTime / 1000);
      done();
    });

    const token = app.config.METRICS_TOKEN;
    if (!token && app.config.APP_ENV === 'production') return;

    app.get(METRICS_PATH, async (request, reply) => {
      if (token && !bearerMatches(request.headers.authorization, token)) {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send({ message: 'Metrics token required', code: ERROR_CODES.unauthorized });
      }
      await refresh();
      const text = (await processMetrics().metrics()) + (await registry.metrics());
      return reply
        .header('content-type', registry.contentType)
        .header('cache-control', 'no-store')
        .send(text);
    });
  },
  { name: 'metrics', dependencies: ['dependencies'] },
);
