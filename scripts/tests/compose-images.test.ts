import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { composeAsked } from '../lib/compose-tier';
import { pidOfProject, projectName, staleProjects } from '../lib/compose/project';
import { SERVER_ENTRIES } from '../lib/server-bundle';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

type Service = { image?: string; command?: string[]; build?: unknown };
const compose = parse(read('docker-compose.yml'), { merge: true }) as {
  services: Record<string, Service>;
};
const dockerfile = read('infra/Dockerfile');
const standins = read('infra/compose/build-images.sh');

/** `postgres:15` → `docker.io/library/postgres:15`; `minio/minio` → `docker.io/minio/minio:latest`. */
function fullName(image: string): string {
  const tagged = /:[^/]+$/.test(image) ? image : `${image}:latest`;
  const withOwner = tagged.includes('/') ? tagged : `library/${tagged}`;
  return withOwner.split('/')[0]!.includes('.') ? withOwner : `docker.io/${withOwner}`;
}

describe('the compose tier’s images', () => {
  it('has a stand-in for every image docker-compose.yml and infra/Dockerfile name', () => {
    const named = new Set<string>();
    for (const service of Object.values(compose.services)) {
      if (service.image && !service.build) named.add(fullName(service.image));
    }
    for (const match of dockerfile.matchAll(/^FROM\s+(\S+)/gm)) named.add(fullName(match[1]!));
    expect(named.size).toBeGreaterThanOrEqual(6);
    for (const name of named) expect(standins, name).toContain(`=${name}\n`);
  });

  it('runs entry points the server build makes', () => {
    const built = new Set(SERVER_ENTRIES.map((e) => `dist/${e.name}.js`));
    const commands = Object.values(compose.services)
      .filter((s) => s.build && s.command) // the others run the image's CMD, checked below
      .map((s) => s.command!);
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    commands.push(JSON.parse(cmd ?? '[]') as string[]);
    expect(commands.length).toBeGreaterThanOrEqual(3); // migrate, worker, the image's CMD
    for (const command of commands) {
      const script = command.find((part) => part.startsWith('dist/'));
      expect(built, command.join(' ')).toContain(script);
    }
  });
});

describe('the compose tier’s projects', () => {
  it('names a project after the run’s pid and reads it back', () => {
    expect(projectName(4242)).toBe('touchline-compose-4242');
    expect(pidOfProject('touchline-compose-4242')).toBe(4242);
    expect(pidOfProject('touchline')).toBeNull();
    expect(pidOfProject('touchline-compose-12x')).toBeNull();
  });

  it('removes only the projects of runs that are gone, never its own or anyone else’s', () => {
    const alive = (pid: number) => pid === 100 || pid === 200;
    expect(
      staleProjects(
        [
          'touchline-compose-100', // alive
          'touchline-compose-200', // this run
          'touchline-compose-300', // gone
          'touchline-compose-300', // its volume, listed again
          'touchline', // a developer's own `docker compose up`
          'other-project',
        ],
        'touchline-compose-200',
        alive,
      ),
    ).toEqual(['touchline-compose-300']);
  });
});

describe('when the compose tier is asked for', () => {
  it('is asked by --only or TOUCHLINE_COMPOSE=1, never with TOUCHLINE_COMPOSE=auto', () => {
    expect(composeAsked(['--only=compose'], undefined)).toBe(true);
    expect(composeAsked(['--only', 'unit,compose'], undefined)).toBe(true);
    expect(composeAsked([], '1')).toBe(true);
    expect(composeAsked([], undefined)).toBe(false);
    expect(composeAsked(['--only=containers'], undefined)).toBe(false);
    expect(composeAsked(['--only=compose'], 'auto')).toBe(false);
  });
});
