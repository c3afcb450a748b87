import type { DatabaseHandle } from '@touchline/db';
import type { AppSecrets, Drivers } from '@touchline/drivers';
import type { ApiConfig } from './config';

export type { AppSecrets };

/** Everything `buildApp` needs; tests build the same app with test dependencies. */
export type AppDeps = {
  config: ApiConfig;
  database: DatabaseHandle;
  drivers: Drivers;
  secrets: AppSecrets;
  clock?: () => Date;
};
