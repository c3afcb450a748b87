import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { QUEUES } from '@touchline/shared';
// The other processes' schemas, read from their files: the same objects their processes parse.
import { dbConfigSchema } from '../../../packages/db/src/config';
import { workerConfigSchema } from '../../worker/src/config';
import { apiConfigSchema } from './config';

/**
 * The deployment files stay in step with the code: every variable a process reads is set where
 * that process runs (docker-compose.yml, infra/k8s), or is on the allow-list below with its reason;
 * no file hands a process a variable it does not read; every variable is in .env.example.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

type Process = 'api' | 'worker' | 'db';
const READS: Record<Process, Set<string>> = {
  api: new Set(Object.keys(apiConfigSchema.in.shape)),
  worker: new Set(Object.keys(workerConfigSchema.shape)),
  db: new Set(Object.keys(dbConfigSchema.shape)),
};

/**
 * Read by the code but deliberately left out of the deployment files (documented in
 * infra/README.md, "Variables"). A file may still set them.
 */
const NOT_DEPLOYED: Record<string, string> = {
  SEED_DEMO: 'development only: production never seeds the demo world',
  WEB_DIST_DIR: 'the image builds the SPA where the default points (web/dist)',
  PGLITE_TEMPLATE_DIR: 'embedded mode only: deployments run on Postgres',
  LOG_FORMAT: 'optional: production logs JSON lines by default',
  GOOGLE_CLIENT_ID: 'optional: set it to turn Google sign-in on',
  GOOGLE_CERTS_URL: "tests only: a local fake of Google's certificates",
  PAYSTACK_BASE_URL: "tests only: a local fake of Paystack's API",
  PAYSTACK_SECRET_KEY: 'only with PAYMENT_PROVIDER=paystack (compose runs the sandbox)',
  ALLOW_SANDBOX_PAYMENTS: 'only with PAYMENT_PROVIDER=sandbox in production (compose sets it)',
  CORS_ORIGINS: 'optional: the SPA is served from the same origin',
  WORKER_QUEUES: 'optional: unset, a worker consumes every queue (compose runs one worker)',
  WORKER_METRICS_PORT: "optional: the worker's metrics port (k8s sets it, compose leaves it off)",
  VAPID_PUBLIC_KEY:
    'set in the k8s Secret; compose leaves it off and every process derives one pair from APP_SECRET (docs/operations.md "Push and SMS")',
  VAPID_PRIVATE_KEY: 'as VAPID_PUBLIC_KEY',
  VAPID_SUBJECT: 'optional: mailto:support@touchline.ng by default',
  PUSH_ENDPOINT_HOSTS: "optional: the major browsers' push services by default",
  TERMII_API_KEY: 'only with SMS_PROVIDER=termii (compose runs the devbox; k8s sets it)',
  ALLOW_DEVBOX_SMS:
    'only with SMS_PROVIDER=devbox in production (compose sets it; k8s runs Termii)',
  TERMII_SENDER_ID: 'optional: Touchline by default',
  TERMII_BASE_URL: "tests only: a local fake of Termii's API",
};

/**
 * Which process a container runs, from its command: the image's compiled entry points
 * (`node … dist/<name>.js`, infra/Dockerfile; its default command is the API).
 */
function processOf(command: unknown): Process[] {
  const text = Array.isArray(command) ? command.join(' ') : String(command ?? '');
  if (text === '' || /(^| )dist\/api\.js\b/.test(text)) return ['api'];
  if (/(^| )dist\/worker\.js\b/.test(text)) return ['worker'];
  if (/(^| )dist\/migrate\.js\b/.test(text)) return ['db'];
  throw new Error(`unknown command: ${text}`);
}

/**
 * `processes` must get every variable they read; `also` (a tool run in the same container) may be
 * given its variables too.
 */
function checkContainer(
  where: string,
  processes: Process[],
  given: Set<string>,
  also: Process[] = [],
) {
  const needs = new Set(processes.flatMap((p) => [...READS[p]]));
  const reads = new Set([...needs, ...also.flatMap((p) => [...READS[p]])]);
  const unread = [...given].filter((name) => !reads.has(name));
  expect(unread, `${where} sets variables its process never reads`).toEqual([]);
  const missing = [...needs].filter((name) => !given.has(name) && !(name in NOT_DEPLOYED));
  expect(missing, `${where} misses variables its process reads`).toEqual([]);
}

describe('docker-compose.yml', () => {
  const compose = parse(read('docker-compose.yml'), { merge: true }) as {
    services: Record<
      string,
      { image?: string; command?: unknown; environment?: Record<string, unknown> }
    >;
  };
  const ours = Object.entries(compose.services).filter(([, s]) => s.image === 'touchline:local');

  it('runs two API instances, a worker and the migration from the image', () => {
    expect(ours.map(([name, s]) => [name, processOf(s.command)[0]])).toEqual(
      expect.arrayContaining([
        ['api1', 'api'],
        ['api2', 'api'],
        ['worker', 'worker'],
        ['migrate', 'db'],
      ]),
    );
  });

  it("gives each service exactly the variables its process reads (or the allow-list's)", () => {
    for (const [name, service] of ours) {
      checkContainer(
        `compose service ${name}`,
        processOf(service.command),
        new Set(Object.keys(service.environment ?? {})),
        // The migrate container also runs `node dist/admin-create.js` (the API's configuration).
        name === 'migrate' ? ['api'] : [],
      );
    }
  });
});

type Container = {
  name: string;
  command?: string[];
  env?: {
    name: string;
    value?: string;
    valueFrom?: { secretKeyRef?: { name: string; key: string } };
  }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  lifecycle?: { preStop?: { exec?: { command: string[] } } };
  readinessProbe?: { httpGet?: { path: string } };
  livenessProbe?: { httpGet?: { path: string } };
};
type PodSpec = { terminationGracePeriodSeconds?: number; containers: Container[] };
type Manifest = {
  kind: string;
  metadata: { name: string };
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  spec?: {
    template?: { spec: PodSpec };
    scaleTargetRef?: { name: string };
    triggers?: { type: string; metadata: { listName?: string } }[];
  };
};

describe('infra/k8s', () => {
  const dir = path.join(root, 'infra/k8s');
  const files = readdirSync(dir).filter((f) => f.endsWith('.yaml'));
  const manifests: Manifest[] = files.flatMap((file) =>
    parseAllDocuments(readFileSync(path.join(dir, file), 'utf8')).map((doc) => {
      expect(doc.errors, file).toEqual([]);
      return doc.toJS() as Manifest;
    }),
  );
  const byKind = (kind: string) => manifests.filter((m) => m.kind === kind);
  const sources = new Map<string, Record<string, string>>();
  for (const m of [...byKind('ConfigMap'), ...byKind('Secret')])
    sources.set(`${m.kind}/${m.metadata.name}`, { ...m.data, ...m.stringData });
  const workloads = [...byKind('Deployment'), ...byKind('Job')];

  function containerEnv(where: string, container: Container) {
    const given = new Set<string>();
    const used: string[] = [];
    for (const ref of container.envFrom ?? []) {
      const key = ref.configMapRef
        ? `ConfigMap/${ref.configMapRef.name}`
        : `Secret/${ref.secretRef!.name}`;
      const source = sources.get(key);
      expect(source, `${where}: ${key} exists`).toBeDefined();
      for (const name of Object.keys(source!)) given.add(name);
      used.push(key);
    }
    for (const entry of container.env ?? []) {
      const secret = entry.valueFrom?.secretKeyRef;
      if (secret) {
        expect(sources.get(`Secret/${secret.name}`), `${where}: ${secret.name}`).toHaveProperty(
          secret.key,
        );
      }
      given.add(entry.name);
    }
    return { given, used };
  }

  it('lists every file in the kustomization but the Secret example and the migration Job', () => {
    const kustomization = parse(read('infra/k8s/kustomization.yaml')) as { resources: string[] };
    expect(new Set(kustomization.resources)).toEqual(
      new Set(
        files.filter(
          (f) => !['kustomization.yaml', 'secret.example.yaml', 'migrate-job.yaml'].includes(f),
        ),
      ),
    );
  });

  it('gives each container exactly the variables its process reads (or the allow-list’s)', () => {
    const consumed = new Set<string>();
    expect(workloads.map((w) => w.metadata.name).sort()).toEqual([
      'touchline-api',
      'touchline-migrate',
      'touchline-worker',
      'touchline-worker-media',
    ]);
    for (const workload of workloads) {
      for (const container of workload.spec!.template!.spec.containers) {
        const where = `${workload.kind} ${workload.metadata.name}/${container.name}`;
        const { given, used } = containerEnv(where, container);
        used.forEach((key) => consumed.add(key));
        checkContainer(where, processOf(container.command), given);
      }
    }
    // Every ConfigMap is handed to some container; Secrets other than KEDA's too.
    const unused = [...sources.keys()].filter(
      (key) => !consumed.has(key) && key !== 'Secret/touchline-keda-redis',
    );
    expect(unused).toEqual([]);
  });

  it('consumes every queue, and scales workers on the wait lists of queues that exist', () => {
    const consumed = new Set<string>();
    for (const d of byKind('Deployment')) {
      for (const c of d.spec!.template!.spec.containers) {
        if (processOf(c.command)[0] !== 'worker') continue;
        const queues = c.env?.find((e) => e.name === 'WORKER_QUEUES')?.value;
        (queues ? queues.split(',') : [...QUEUES]).forEach((q) => consumed.add(q));
      }
    }
    expect([...consumed].sort()).toEqual([...QUEUES].sort());

    const deployments = new Set(byKind('Deployment').map((d) => d.metadata.name));
    for (const scaled of byKind('ScaledObject')) {
      expect(deployments).toContain(scaled.spec!.scaleTargetRef!.name);
      for (const trigger of scaled.spec!.triggers!) {
        const queue = /^bull:([a-z]+):wait$/.exec(trigger.metadata.listName ?? '')?.[1];
        expect(QUEUES as readonly string[]).toContain(queue);
      }
    }
  });

  it('probes health, and gives the API a grace period covering its preStop pause and shutdown budget', () => {
    const api = byKind('Deployment').find((d) => d.metadata.name === 'touchline-api')!;
    const pod = api.spec!.template!.spec;
    const container = pod.containers[0]!;
    expect(container.readinessProbe?.httpGet?.path).toBe('/api/health/ready');
    expect(container.livenessProbe?.httpGet?.path).toBe('/api/health/live');
    const pause = Number(container.lifecycle?.preStop?.exec?.command.at(-1));
    const { given } = containerEnv('api', container);
    expect(given).toContain('SHUTDOWN_TIMEOUT_MS');
    const budget = Number(sources.get('ConfigMap/touchline-api')?.SHUTDOWN_TIMEOUT_MS) / 1000;
    expect(pause).toBeGreaterThan(0);
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(pause + budget);
    for (const worker of byKind('Deployment').filter((d) => d.metadata.name !== 'touchline-api')) {
      // The worker finishes its running jobs for up to 30 s (services/worker/src/main.ts).
      expect(worker.spec!.template!.spec.terminationGracePeriodSeconds).toBeGreaterThan(30);
    }
  });

  const kubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' }).status === 0;
  if (kubectl)
    it('renders with kubectl kustomize (when kubectl is installed)', () => {
      const rendered = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8' });
      expect(rendered.stderr).toBe('');
      expect(rendered.status).toBe(0);
      const kinds = parseAllDocuments(rendered.stdout).map((d) => (d.toJS() as Manifest).kind);
      expect(kinds).toEqual(expect.arrayContaining(['Deployment', 'Ingress', 'ScaledObject']));
      expect(rendered.stdout).toContain('image: registry.example.ng/touchline:');
    });

  it('has no real secret in the example: every value is a placeholder the processes refuse', () => {
    for (const secret of byKind('Secret')) {
      for (const value of Object.values(secret.stringData ?? {})) expect(value).toBe('REPLACE_ME');
    }
  });
});

describe('.env.example', () => {
  it('documents every variable a process reads', () => {
    const example = read('.env.example');
    const documented = new Set(
      [...example.matchAll(/^#?\s?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]),
    );
    const all = new Set([...READS.api, ...READS.worker, ...READS.db]);
    expect([...all].filter((name) => !documented.has(name))).toEqual([]);
  });
});
