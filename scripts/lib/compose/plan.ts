/**
 * What `docker compose up` decides, from docker-compose.yml and the containers' states, for the
 * compose tier's conductor (scripts/lib/compose/conductor.ts): which service may start now (its
 * `depends_on` conditions hold), which can never start, and when the stack is up. Pure: the
 * conductor supplies the states (podman inspect) and does the starting.
 *
 * Debian's podman-compose (1.0.3) creates the containers from the file but ignores `depends_on`
 * conditions, and podman 4.3 runs health checks from systemd timers, which a machine without
 * systemd lacks; so the tier creates with podman-compose and starts in the file's order itself.
 */
import { parse } from 'yaml';

export type Condition = 'service_started' | 'service_healthy' | 'service_completed_successfully';
const CONDITIONS: readonly Condition[] = [
  'service_started',
  'service_healthy',
  'service_completed_successfully',
];

export type ServicePlan = {
  name: string;
  dependsOn: { service: string; condition: Condition }[];
  /** Has a health check (not `test: [NONE]`, not `disable: true`). */
  healthcheck: boolean;
  /** Seconds between health checks (the file's `interval`, else Docker's 30 s). */
  intervalSeconds: number;
  /** Runs to completion: `restart: 'no'` or awaited with `service_completed_successfully`. */
  oneShot: boolean;
  image?: string;
};

/** A container's state as podman inspect tells it. */
export type ContainerState = {
  status: string; // created, configured, running, exited, stopped, …
  exitCode: number;
  /** '' when the container has no health check. */
  health: string;
};

/** `1m30s`, `10s`, `500ms` → seconds. */
export function durationSeconds(value: unknown, fallback: number): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value.trim() === '') return fallback;
  let total = 0;
  let matched = '';
  for (const m of value.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)) {
    const n = Number(m[1]);
    total += m[2] === 'h' ? n * 3600 : m[2] === 'm' ? n * 60 : m[2] === 's' ? n : n / 1000;
    matched += m[0];
  }
  if (matched !== value.trim()) throw new Error(`not a compose duration: ${value}`);
  return total;
}

type RawService = {
  image?: string;
  restart?: string;
  depends_on?: string[] | Record<string, { condition?: string } | null>;
  healthcheck?: { test?: unknown; disable?: boolean; interval?: unknown };
};

/** The services of a compose file (YAML anchors and `<<` merges resolved). */
export function readComposePlan(text: string): ServicePlan[] {
  const file = parse(text, { merge: true }) as { services?: Record<string, RawService> };
  const services = Object.entries(file.services ?? {});
  const awaitedToComplete = new Set<string>();
  const plans = services.map(([name, raw]): ServicePlan => {
    const deps = raw.depends_on ?? [];
    const dependsOn = Array.isArray(deps)
      ? deps.map((service) => ({ service, condition: 'service_started' as Condition }))
      : Object.entries(deps).map(([service, spec]) => {
          const condition = (spec?.condition ?? 'service_started') as Condition;
          if (!CONDITIONS.includes(condition))
            throw new Error(`${name}: unknown depends_on condition ${condition}`);
          return { service, condition };
        });
    for (const d of dependsOn)
      if (d.condition === 'service_completed_successfully') awaitedToComplete.add(d.service);
    const test = raw.healthcheck?.test;
    const healthcheck =
      test !== undefined &&
      raw.healthcheck?.disable !== true &&
      !(Array.isArray(test) && test[0] === 'NONE');
    return {
      name,
      dependsOn,
      healthcheck,
      intervalSeconds: durationSeconds(raw.healthcheck?.interval, 30),
      oneShot: raw.restart === 'no',
      image: raw.image,
    };
  });
  const names = new Set(plans.map((p) => p.name));
  for (const plan of plans) {
    for (const d of plan.dependsOn)
      if (!names.has(d.service)) throw new Error(`${plan.name} depends on unknown ${d.service}`);
    if (awaitedToComplete.has(plan.name)) plan.oneShot = true;
  }
  return plans;
}

const NOT_STARTED = new Set(['created', 'configured', 'initialized']);

export function hasStarted(state: ContainerState | undefined): boolean {
  return state !== undefined && !NOT_STARTED.has(state.status);
}

/** Whether a dependency's condition holds now ('yes'), may hold later ('no'), or never will. */
export function conditionMet(
  condition: Condition,
  state: ContainerState | undefined,
): 'yes' | 'no' | 'never' {
  if (!hasStarted(state)) return 'no';
  const exited = state!.status === 'exited' || state!.status === 'stopped';
  switch (condition) {
    case 'service_started':
      return 'yes';
    case 'service_healthy':
      if (state!.health === 'healthy' && !exited) return 'yes';
      return exited || state!.health === 'unhealthy' ? 'never' : 'no';
    case 'service_completed_successfully':
      if (!exited) return 'no';
      return state!.exitCode === 0 ? 'yes' : 'never';
  }
}

export type Decision = {
  /** Services to start now. */
  start: string[];
  /** Reasons the stack cannot come up (a one-shot failed, a service died or is unhealthy). */
  failures: string[];
  /** Every service started, healthy where it has a check, one-shots completed. */
  up: boolean;
  /** What is still awaited, for progress lines. */
  waiting: string[];
};

export function decide(
  plans: readonly ServicePlan[],
  states: ReadonlyMap<string, ContainerState>,
): Decision {
  const start: string[] = [];
  const failures: string[] = [];
  const waiting: string[] = [];
  for (const plan of plans) {
    const state = states.get(plan.name);
    if (!state) {
      failures.push(`${plan.name}: no container (did podman-compose create it?)`);
      continue;
    }
    if (!hasStarted(state)) {
      const verdicts = plan.dependsOn.map((d) => ({
        ...d,
        met: conditionMet(d.condition, states.get(d.service)),
      }));
      const never = verdicts.filter((v) => v.met === 'never');
      if (never.length > 0) {
        failures.push(
          `${plan.name} can never start: ${never.map((v) => `${v.service} is not ${v.condition.replace('service_', '')} (${describe(states.get(v.service))})`).join(', ')}`,
        );
      } else if (verdicts.every((v) => v.met === 'yes')) start.push(plan.name);
      else
        waiting.push(
          `${plan.name} (for ${verdicts
            .filter((v) => v.met !== 'yes')
            .map((v) => `${v.service} ${v.condition.replace('service_', '')}`)
            .join(', ')})`,
        );
      continue;
    }
    const exited = state.status === 'exited' || state.status === 'stopped';
    if (plan.oneShot) {
      if (exited && state.exitCode !== 0)
        failures.push(`${plan.name} exited with code ${state.exitCode}`);
      else if (!exited) waiting.push(`${plan.name} (to complete)`);
    } else if (exited) {
      failures.push(`${plan.name} exited with code ${state.exitCode}`);
    } else if (plan.healthcheck && state.health === 'unhealthy') {
      failures.push(`${plan.name} is unhealthy`);
    } else if (plan.healthcheck && state.health !== 'healthy') {
      waiting.push(`${plan.name} (to be healthy)`);
    }
  }
  return {
    start,
    failures,
    up: failures.length === 0 && waiting.length === 0 && start.length === 0,
    waiting,
  };
}

function describe(state: ContainerState | undefined): string {
  if (!state) return 'no container';
  if (state.status === 'exited') return `exited ${state.exitCode}`;
  return state.health ? `${state.status}, ${state.health}` : state.status;
}
