/**
 * Starts a compose project's containers (created by `podman-compose up --no-start`) in the order
 * docker-compose.yml's `depends_on` conditions ask, and runs their health checks at the file's
 * intervals (`podman healthcheck run`: podman 4.3 would run them from systemd timers). What it
 * decides is scripts/lib/compose/plan.ts; this file only acts on it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { decide, type ContainerState, type ServicePlan } from './plan';
import { podman, projectContainers, type ProjectContainer } from './podman';

export type UpResult =
  | { ok: true; containers: ProjectContainer[]; ms: number }
  | { ok: false; reason: string; containers: ProjectContainer[]; ms: number };

/** The last lines each container wrote (for a failure's report). */
export async function tails(containers: readonly ProjectContainer[], lines = 40): Promise<string> {
  const parts: string[] = [];
  for (const c of containers) {
    const logs = await podman(['logs', '--tail', String(lines), c.name], 30_000);
    const text = `${logs.stdout}${logs.stderr}`.trim();
    parts.push(
      `--- ${c.service} (${c.status}${c.health ? `, ${c.health}` : ''}) ---\n${text || '(no output)'}`,
    );
  }
  return parts.join('\n');
}

export async function bringUp(
  project: string,
  plans: readonly ServicePlan[],
  options: { timeoutMs: number; say: (line: string) => void },
): Promise<UpResult> {
  const t0 = Date.now();
  const nextCheck = new Map<string, number>();
  /** What each service's last failed health check printed (for the failure's reason). */
  const lastCheck = new Map<string, string>();
  const byName = new Map(plans.map((p) => [p.name, p]));
  let lastProgress = Date.now();
  let containers: ProjectContainer[] = [];
  while (Date.now() - t0 < options.timeoutMs) {
    containers = await projectContainers(project);
    const states = new Map<string, ContainerState>(containers.map((c) => [c.service, c]));

    // Health checks that are due, at each service's interval after its start (as the engine).
    for (const c of containers) {
      const plan = byName.get(c.service);
      if (!plan?.healthcheck || c.status !== 'running' || c.health === 'healthy') continue;
      const due = nextCheck.get(c.service);
      if (due === undefined || Date.now() < due) continue;
      nextCheck.set(c.service, Date.now() + plan.intervalSeconds * 1000);
      const check = await podman(['healthcheck', 'run', c.name], 60_000);
      if (check.code === 0) {
        c.health = 'healthy';
        options.say(`${c.service} healthy after ${seconds(Date.now() - t0)}`);
      } else {
        lastCheck.set(c.service, `${check.stdout}${check.stderr}`.trim().slice(-300));
        const refreshed = (await projectContainers(project)).find((x) => x.name === c.name);
        if (refreshed) c.health = refreshed.health;
      }
    }

    const decision = decide(plans, states);
    if (decision.failures.length > 0) {
      const checks = [...lastCheck]
        .filter(([service]) => states.get(service)?.health === 'unhealthy')
        .map(([service, output]) => `${service}'s health check: ${output || '(no output)'}`);
      return {
        ok: false,
        reason: [...decision.failures, ...checks].join('; '),
        containers,
        ms: Date.now() - t0,
      };
    }
    if (decision.up) return { ok: true, containers, ms: Date.now() - t0 };
    for (const service of decision.start) {
      const container = containers.find((c) => c.service === service)!;
      const started = await podman(['start', container.name], 120_000);
      if (started.code !== 0) {
        return {
          ok: false,
          reason: `podman start ${container.name}: ${(started.stderr || started.stdout).trim()}`,
          containers,
          ms: Date.now() - t0,
        };
      }
      const plan = byName.get(service)!;
      if (plan.healthcheck) nextCheck.set(service, Date.now() + plan.intervalSeconds * 1000);
      options.say(`started ${service} at ${seconds(Date.now() - t0)}`);
    }
    if (Date.now() - lastProgress > 20_000 && decision.waiting.length > 0) {
      lastProgress = Date.now();
      options.say(`waiting: ${decision.waiting.join(', ')}`);
    }
    if (decision.start.length === 0) await sleep(500);
  }
  const states = new Map<string, ContainerState>(containers.map((c) => [c.service, c]));
  return {
    ok: false,
    reason: `not up after ${seconds(options.timeoutMs)}: waiting for ${decide(plans, states).waiting.join(', ')}`,
    containers,
    ms: Date.now() - t0,
  };
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
