/**
 * What `npm run build:server` (scripts/build-server.ts) makes, and the rules it checks: the API,
 * the worker and the command-line tools bundled to JavaScript in `dist/`, for the image (and, one
 * day, `npm start`). Only the project's own code (@touchline/* and relative imports) is bundled;
 * every package from node_modules stays an import, loaded at run time from `npm ci --omit=dev`.
 */
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import type { BuildOptions, Plugin } from 'esbuild';

export type ServerEntry = { name: string; source: string; what: string };

/** One bundle per process (no shared chunks: each file's `import.meta.url` is its own). */
export const SERVER_ENTRIES: readonly ServerEntry[] = [
  { name: 'api', source: 'services/api/src/server.ts', what: 'the API server' },
  { name: 'worker', source: 'services/worker/src/main.ts', what: 'the worker' },
  { name: 'migrate', source: 'packages/db/src/migrate-cli.ts', what: 'npm run db:migrate' },
  {
    name: 'admin-create',
    source: 'services/api/src/cli/admin-create.ts',
    what: 'npm run admin:create',
  },
];

/** The workspaces whose code goes into the bundles (their dependencies must be installed). */
export const BUNDLED_WORKSPACES = [
  'packages/shared',
  'packages/db',
  'packages/drivers',
  'packages/delivery',
  'services/api',
  'services/worker',
] as const;

const BUILTINS = new Set(builtinModules);

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`; null for relative and node builtins. */
export function packageName(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('/')) return null;
  if (specifier.startsWith('node:')) return null;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  if (BUILTINS.has(name)) return null;
  return name;
}

/** True for imports the bundles keep (packages from node_modules), false for our own code. */
export function isExternal(specifier: string): boolean {
  const name = packageName(specifier);
  return name !== null && !name.startsWith('@touchline/');
}

/**
 * The source files keep finding what lies beside them in the repository (`migrations/`,
 * `web/dist`, `.data`, packages through createRequire) by `new URL('../../..', import.meta.url)`.
 * In a bundle `import.meta.url` is the bundle's own address, so in each of our files (but the
 * entry point, whose `import.meta.url` tells whether it was started directly) it becomes the
 * address the source file has relative to the bundle: `dist/` sits at the repository root, in
 * the image as in a checkout.
 */
export function rewriteImportMeta(
  contents: string,
  file: string,
  root: string,
  outdir: string,
): string {
  if (/\bimport\.meta\.(dirname|filename)\b/.test(contents)) {
    throw new Error(
      `${path.relative(root, file)}: import.meta.dirname/filename has no rewrite for the bundle; use new URL(…, import.meta.url)`,
    );
  }
  const relative = path.relative(outdir, file).split(path.sep).join('/');
  const sourceUrl = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
  return contents.replace(/\bimport\.meta\.url\b/g, sourceUrl);
}

type Manifest = { dependencies?: Record<string, string> };

/** Packages the bundles import that no bundled workspace declares as a (production) dependency. */
export function undeclaredExternals(
  imported: Iterable<string>,
  manifests: readonly Manifest[],
): string[] {
  const declared = new Set(manifests.flatMap((m) => Object.keys(m.dependencies ?? {})));
  const names = new Set<string>();
  for (const specifier of imported) {
    const name = packageName(specifier);
    if (name && !name.startsWith('@touchline/') && !declared.has(name)) names.add(name);
  }
  return [...names].sort();
}

/**
 * esbuild's options for the bundles in `outdir` (scripts/build-server.ts; the tests build the
 * same to read what a bundle imports): packages from node_modules stay imports, our workspaces are
 * followed into the bundle, and our files' `import.meta.url` becomes their address beside it.
 */
export function serverBuildOptions(options: {
  root: string;
  outdir: string;
  buildId: string;
  entries?: readonly ServerEntry[];
}): BuildOptions & { metafile: true } {
  const { root, outdir, buildId, entries = SERVER_ENTRIES } = options;
  const entryFiles = new Set(SERVER_ENTRIES.map((e) => path.join(root, e.source)));
  const externals: Plugin = {
    name: 'touchline-externals',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) =>
        isExternal(args.path) ? { path: args.path, external: true } : undefined,
      );
    },
  };
  const sourceUrls: Plugin = {
    name: 'touchline-source-urls',
    setup(b) {
      b.onLoad({ filter: /\.tsx?$/ }, (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const contents = readFileSync(args.path, 'utf8');
        return {
          contents: entryFiles.has(args.path)
            ? contents
            : rewriteImportMeta(contents, args.path, root, outdir),
          loader: args.path.endsWith('x') ? 'tsx' : 'ts',
        };
      });
    },
  };
  return {
    absWorkingDir: root,
    entryPoints: entries.map((e) => ({ in: e.source, out: e.name })),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    sourcemap: 'linked',
    sourcesContent: false,
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
    define: { __TOUCHLINE_BUILD_ID__: JSON.stringify(buildId) },
    plugins: [externals, sourceUrls],
  };
}
