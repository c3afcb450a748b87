import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  conditionMet,
  decide,
  durationSeconds,
  readComposePlan,
  type ContainerState,
} from '../lib/compose/plan';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const composeFile = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');

const created: ContainerState = { status: 'created', exitCode: 0, health: '' };
const running = (health = ''): ContainerState => ({ status: 'running', exitCode: 0, health });
const exited = (exitCode: number): ContainerState => ({ status: 'exited', exitCode, health: '' });

describe('the compose tier reads docker-compose.yml as docker compose does', () => {
  const plans = readComposePlan(composeFile);
  const plan = (name: string) => plans.find((p) => p.name === name)!;

  it('resolves the anchors: both API instances wait for the migration, Redis and MinIO, and have a health check', () => {
    for (const api of ['api1', 'api2']) {
      expect(plan(api).dependsOn).toEqual(
        expect.arrayContaining([
          { service: 'migrate', condition: 'service_completed_successfully' },
          { service: 'redis', condition: 'service_healthy' },
          { service: 'minio', condition: 'service_healthy' },
        ]),
      );
      expect(plan(api).healthcheck).toBe(true);
      expect(plan(api).intervalSeconds).toBe(10);
    }
    expect(plan('migrate')).toMatchObject({ oneShot: true });
    expect(plan('migrate').dependsOn).toEqual([
      { service: 'postgres', condition: 'service_healthy' },
    ]);
    expect(plan('proxy').dependsOn.map((d) => d.condition)).toEqual([
      'service_healthy',
      'service_healthy',
    ]);
    expect(plan('mailpit')).toMatchObject({ healthcheck: false, oneShot: false, dependsOn: [] });
  });

  it('starts the services without dependencies first, then each wave once its conditions hold', () => {
    const states = new Map(plans.map((p) => [p.name, created]));
    expect(decide(plans, states).start.sort()).toEqual(['mailpit', 'minio', 'postgres', 'redis']);

    for (const name of ['mailpit', 'minio', 'postgres', 'redis'])
      states.set(name, running('starting'));
    expect(decide(plans, states).start).toEqual([]); // nothing is healthy yet
    states.set('postgres', running('healthy'));
    expect(decide(plans, states).start).toEqual(['migrate']);

    states.set('migrate', running());
    states.set('redis', running('healthy'));
    states.set('minio', running('healthy'));
    expect(decide(plans, states).start).toEqual([]); // the migration has not finished
    states.set('migrate', exited(0));
    expect(decide(plans, states).start.sort()).toEqual(['api1', 'api2', 'worker']);

    for (const name of ['api1', 'api2', 'worker']) states.set(name, running('starting'));
    states.set('api1', running('healthy'));
    expect(decide(plans, states).start).toEqual([]); // the proxy waits for both
    states.set('api2', running('healthy'));
    expect(decide(plans, states)).toMatchObject({ start: ['proxy'], up: false });
    states.set('proxy', running());
    expect(decide(plans, states)).toMatchObject({ start: [], up: true, failures: [] });
  });

  it('fails when a migration fails, and names what can never start', () => {
    const states = new Map(plans.map((p) => [p.name, running('healthy')]));
    states.set('migrate', exited(1));
    for (const name of ['api1', 'api2', 'worker', 'proxy']) states.set(name, created);
    const decision = decide(plans, states);
    expect(decision.up).toBe(false);
    expect(decision.failures).toEqual(
      expect.arrayContaining([
        'migrate exited with code 1',
        'api1 can never start: migrate is not completed_successfully (exited 1)',
        'worker can never start: migrate is not completed_successfully (exited 1)',
      ]),
    );
  });

  it('fails when a long-running service exits or turns unhealthy', () => {
    const states = new Map(plans.map((p) => [p.name, running('healthy')]));
    states.set('migrate', exited(0));
    states.set('worker', exited(137));
    states.set('api2', running('unhealthy'));
    expect(decide(plans, states).failures).toEqual([
      'api2 is unhealthy',
      'worker exited with code 137',
    ]);
  });
});

describe('conditions and durations', () => {
  it('judges each condition on a state', () => {
    expect(conditionMet('service_started', created)).toBe('no');
    expect(conditionMet('service_started', exited(0))).toBe('yes');
    expect(conditionMet('service_healthy', running('starting'))).toBe('no');
    expect(conditionMet('service_healthy', running('healthy'))).toBe('yes');
    expect(conditionMet('service_healthy', exited(0))).toBe('never');
    expect(conditionMet('service_completed_successfully', running())).toBe('no');
    expect(conditionMet('service_completed_successfully', exited(2))).toBe('never');
    expect(conditionMet('service_completed_successfully', undefined)).toBe('no');
  });

  it('reads compose durations', () => {
    expect(durationSeconds('10s', 30)).toBe(10);
    expect(durationSeconds('1m30s', 30)).toBe(90);
    expect(durationSeconds('500ms', 30)).toBe(0.5);
    expect(durationSeconds(undefined, 30)).toBe(30);
    expect(() => durationSeconds('ten seconds', 30)).toThrow(/not a compose duration/);
  });

  it('refuses a dependency on a service the file does not have', () => {
    expect(() => readComposePlan('services:\n  a:\n    image: x\n    depends_on: [b]\n')).toThrow(
      /a depends on unknown b/,
    );
  });
});
