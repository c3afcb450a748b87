import fp from 'fastify-plugin';
import type { Database, DatabaseHandle } from '@touchline/db';
import type { Drivers } from '@touchline/drivers';
import type { AppDeps, AppSecrets } from '../app-deps';
import type { ApiConfig } from '../config';

declare module 'fastify' {
  interface FastifyInstance {
    config: ApiConfig;
    database: DatabaseHandle;
    db: Database;
    drivers: Drivers;
    secrets: AppSecrets;
    clock: () => Date;
  }
}

/** Decorates the root with the process's configuration, database and drivers. */
export const dependenciesPlugin = fp<AppDeps>(
  async (app, deps) => {
    app.decorate('config', deps.config);
    app.decorate<DatabaseHandle>('database', deps.database);
    app.decorate('db', deps.database.db);
    app.decorate('drivers', deps.drivers);
    app.decorate('secrets', deps.secrets);
    app.decorate('clock', deps.clock ?? (() => new Date()));
  },
  { name: 'dependencies' },
);
