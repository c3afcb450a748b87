/**
 * Child process of the bench: runs autocannon with the options in the JSON file named by the
 * first argument and prints one JSON line with the result. Requests are taken in turn across
 * all connections, so many users' tokens or many posts spread the load.
 */
import { readFile, rm } from 'node:fs/promises';
import autocannon from 'autocannon';
import type { CannonRequest, CannonResult } from './lib';

type Input = {
  url: string;
  requests: CannonRequest[];
  duration?: number;
  amount?: number;
  connections: number;
};

async function main() {
  const file = process.argv[2]!;
  const input = JSON.parse(await readFile(file, 'utf8')) as Input;
  await rm(file, { force: true });
  let next = 0;
  const options: Parameters<typeof autocannon>[0] & { timeout: number } = {
    url: input.url,
    // A busy machine must only make the numbers worse, never fail the run (autocannon's
    // default gives up on a request after 10 s).
    timeout: 300,
    connections: input.connections,
    ...(input.amount ? { amount: input.amount } : { duration: input.duration ?? 5 }),
    requests: [
      {
        setupRequest: (request) => {
          const r = input.requests[next++ % input.requests.length]!;
          return {
            ...request,
            method: r.method ?? 'GET',
            path: r.path,
            headers: r.headers ?? {},
            body: r.body,
          };
        },
      },
    ],
  };
  const result = await autocannon(options);
  const stats = (result as unknown as { statusCodeStats?: Record<string, { count: number }> })
    .statusCodeStats;
  const out: CannonResult = {
    rps: result.requests.total / (result.duration || 1),
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    failed: result.non2xx + result.errors + result.timeouts,
    statuses: Object.fromEntries(Object.entries(stats ?? {}).map(([k, v]) => [k, v.count])),
  };
  console.log(JSON.stringify(out));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
