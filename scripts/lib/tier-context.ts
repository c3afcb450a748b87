import type { StageResult } from './stages';

/** What `scripts/test.ts` hands to a tier that lives in its own module (cluster, containers). */
export type TierContext = {
  root: string;
  /** The caller's environment without the scaled-mode driver variables (DATABASE_URL, S3_*, …). */
  servicesEnv: NodeJS.ProcessEnv;
  /** The scaled-tier vitest projects that exist (db, drivers, api, worker). */
  serviceProjects: string[];
  /** One vitest run with the JSON reporter, counted into the summary. */
  vitest: (
    title: string,
    tier: string,
    projects: string[],
    env: NodeJS.ProcessEnv,
    extraArgs?: string[],
  ) => Promise<StageResult>;
  /** Prints one line of the tier's own (into its output file when it runs side by side). */
  say: (text: string) => void;
  /**
   * Projects this run's pg tier runs on Postgres and Redis, run there only (see scripts/test.ts):
   * the container tier leaves them out.
   */
  onceOnPg?: string[];
  /** Milliseconds left of the CI time budget (undefined: no budget). */
  timeoutMs: () => number | undefined;
};
