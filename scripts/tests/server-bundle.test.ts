import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import {
  isExternal,
  packageName,
  rewriteImportMeta,
  SERVER_ENTRIES,
  serverBuildOptions,
  undeclaredExternals,
} from '../lib/server-bundle';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('the server bundle', () => {
  it('keeps packages from node_modules as imports and bundles our own code', () => {
    expect(isExternal('fastify')).toBe(true);
    expect(isExternal('@fastify/static')).toBe(true);
    expect(isExternal('drizzle-orm/node-postgres')).toBe(true);
    expect(isExternal('@touchline/db')).toBe(false);
    expect(isExternal('@touchline/db/users')).toBe(false);
    expect(isExternal('./config')).toBe(false);
    expect(isExternal('node:fs')).toBe(false);
    expect(isExternal('fs')).toBe(false);
  });

  it('names the package of an import', () => {
    expect(packageName('@aws-sdk/client-s3')).toBe('@aws-sdk/client-s3');
    expect(packageName('drizzle-orm/pglite/migrator')).toBe('drizzle-orm');
    expect(packageName('node:path')).toBeNull();
    expect(packageName('../x')).toBeNull();
  });

  it('gives each of our files the address it has beside the bundle, so ../../.. still reaches the repository', () => {
    const out = rewriteImportMeta(
      "const root = fileURLToPath(new URL('../../..', import.meta.url));",
      '/repo/packages/db/src/config.ts',
      '/repo',
      '/repo/dist',
    );
    expect(out).toBe(
      `const root = fileURLToPath(new URL('../../..', new URL("../packages/db/src/config.ts", import.meta.url).href));`,
    );
    // The URL it computes, from a bundle at /app/dist/api.js, is the source file's in /app.
    const href = new URL('../packages/db/src/config.ts', 'file:///app/dist/api.js').href;
    expect(new URL('../../..', href).pathname).toBe('/app/');
  });

  it('refuses import.meta.dirname and .filename, which the rewrite does not cover', () => {
    expect(() =>
      rewriteImportMeta('const here = import.meta.dirname;', '/repo/a/b.ts', '/repo', '/repo/dist'),
    ).toThrow(/a\/b\.ts: import\.meta\.dirname/);
  });

  it('finds imported packages that no bundled workspace declares (npm ci --omit=dev leaves them out)', () => {
    const manifests: { dependencies: Record<string, string> }[] = [
      { dependencies: { fastify: '^5', '@touchline/shared': '*' } },
      { dependencies: { pg: '^8' } },
    ];
    expect(
      undeclaredExternals(
        ['fastify', 'pg/lib/x', 'node:fs', '@touchline/db', 'testcontainers', 'vitest/config'],
        manifests,
      ),
    ).toEqual(['testcontainers', 'vitest']);
  });

  it("loads none of the scaled mode's packages, nor sharp, Google's or the QR code's, with the API's own modules: only where they are used (decision 68)", async () => {
    const result = await build({
      ...serverBuildOptions({
        root,
        outdir: path.join(root, 'dist'),
        buildId: 'test',
        entries: SERVER_ENTRIES.filter((e) => e.name === 'api'),
      }),
      write: false,
      sourcemap: false,
      logLevel: 'silent',
    });
    const [api] = Object.values(result.metafile.outputs).filter((o) => o.entryPoint);
    const packagesOf = (kind: string) =>
      new Set(api!.imports.filter((i) => i.kind === kind).map((i) => packageName(i.path)));
    // A static import is loaded with the bundle, by every start; a dynamic one when reached.
    const loadedByEveryStart = packagesOf('import-statement');
    const lazy = [
      // The scaled mode's: Redis, S3, SMTP, a database server.
      ...['bullmq', 'ioredis', '@aws-sdk/client-s3', 'nodemailer', 'pg'],
      // The first picture, Google sign-in, trial receipt.
      ...['sharp', 'google-auth-library', 'qrcode'],
    ];
    for (const name of lazy) expect(loadedByEveryStart).not.toContain(name);
    expect([...packagesOf('dynamic-import')]).toEqual(expect.arrayContaining(lazy));
    expect(loadedByEveryStart).toContain('fastify');
  });
});
