/**
 * Child process of the bench: a second API instance on the bench's Postgres database and Redis
 * prefix (BENCH_DB_URL, BENCH_PREFIX), on a free port of the bench's range, for the chat row's two instances. Answers
 * `{type: 'listening', url}` over IPC and closes on `{cmd: 'close'}`.
 */
import { createDatabase } from '@touchline/db';
import { startBenchApp } from './app';

async function main() {
  const database = await createDatabase({ url: process.env.BENCH_DB_URL! });
  const bench = await startBenchApp({ database, keyPrefix: process.env.BENCH_PREFIX! });
  const url = await bench.listen();
  process.on('message', (m) => {
    if ((m as { cmd?: string }).cmd !== 'close') return;
    void bench
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
  process.send!({ type: 'listening', url });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
