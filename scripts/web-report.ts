/**
 * `npx tsx scripts/web-report.ts` (or `npm run bench -- --web`): what each route of the web app
 * downloads on a first visit, compressed — the JavaScript and CSS of the entry (index.html and
 * its static imports) plus the route's lazy page and its static imports, as brotli and gzip.
 *
 * It builds nothing: it reads the last build in web/dist (run `npm run build -w web` first), its
 * Vite manifest (`web/dist/.vite/manifest.json`, never served) and the route table in
 * web/src/app/routes.ts. Sizes are those of the `.br` / `.gz` copies the build wrote beside each
 * file (compressed here with the same settings when a copy is missing). The Playwright budgets
 * test (web/e2e/budgets.spec.ts) measures the same routes over the wire in Chromium.
 *
 *   npx tsx scripts/web-report.ts            Markdown table
 *   npx tsx scripts/web-report.ts --json     the same numbers as JSON
 *   npx tsx scripts/web-report.ts --dist DIR another build
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const repoRoot = path.resolve(import.meta.dirname, '..');

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
type Manifest = Record<string, ManifestChunk>;

export type RouteRow = {
  path: string;
  access: string;
  page: string | null;
  files: string[];
  js: { raw: number; brotli: number; gzip: number };
  css: { raw: number; brotli: number; gzip: number };
};

/** `path`, access and page module of every route in routes.ts (the one route table). */
export function readRouteTable(
  routesFile: string,
): { path: string; access: string; page: string | null }[] {
  const source = readFileSync(routesFile, 'utf8');
  const pages = new Map<string, string>();
  for (const match of source.matchAll(/const (\w+) = lazy\(\(\) => import\('\.\/([^']+)'\)\)/g)) {
    pages.set(match[1]!, `src/app/${match[2]!}.tsx`);
  }
  const rows: { path: string; access: string; page: string | null }[] = [];
  const call =
    /\b(publicOnly|route)\(\s*'([^']+)',\s*(?:'([^']+)',\s*)?'[^']*'(?:,\s*(\w+))?\s*\)/g;
  for (const match of source.matchAll(call)) {
    const [, kind, routePath, access, screen] = match;
    rows.push({
      path: routePath!,
      access: kind === 'publicOnly' ? 'public-only' : access!,
      page: screen ? (pages.get(screen) ?? null) : null,
    });
  }
  return rows;
}

/** The chunk keys a chunk needs before it runs: itself and its static imports, transitively. */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

function compressedSizes(
  dist: string,
  file: string,
): { raw: number; brotli: number; gzip: number } {
  const full = path.join(dist, file);
  const body = readFileSync(full);
  const brotli = existsSync(`${full}.br`)
    ? readFileSync(`${full}.br`).length
    : brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  const gzip = existsSync(`${full}.gz`)
    ? readFileSync(`${full}.gz`).length
    : gzipSync(body, { level: 9 }).length;
  return { raw: body.length, brotli, gzip };
}

export function webReport(dist = path.join(repoRoot, 'web/dist')): RouteRow[] {
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (!existsSync(manifestFile)) {
    throw new Error(`${manifestFile} is missing: run \`npm run build -w web\` first.`);
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error('The manifest has no entry chunk.');
  const sizes = new Map<string, { raw: number; brotli: number; gzip: number }>();
  const sizeOf = (file: string) => {
    if (!sizes.has(file)) sizes.set(file, compressedSizes(dist, file));
    return sizes.get(file)!;
  };

  return readRouteTable(path.join(repoRoot, 'web/src/app/routes.ts')).map((route) => {
    const keys = staticClosure(manifest, entry);
    if (route.page) staticClosure(manifest, route.page, keys);
    const js = new Set<string>();
    const css = new Set<string>();
    for (const key of keys) {
      js.add(manifest[key]!.file);
      for (const file of manifest[key]!.css ?? []) css.add(file);
    }
    const sum = (files: Set<string>) =>
      [...files].map(sizeOf).reduce(
        (total, size) => ({
          raw: total.raw + size.raw,
          brotli: total.brotli + size.brotli,
          gzip: total.gzip + size.gzip,
        }),
        { raw: 0, brotli: 0, gzip: 0 },
      );
    return { ...route, files: [...js, ...css], js: sum(js), css: sum(css) };
  });
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);

export function markdownTable(rows: RouteRow[]): string {
  const lines = [
    '| Route | Access | JS brotli kB | JS gzip kB | JS raw kB | CSS brotli kB | CSS gzip kB | Files |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const row of rows) {
    lines.push(
      `| \`${row.path}\` | ${row.access} | ${kB(row.js.brotli)} | ${kB(row.js.gzip)} | ${kB(row.js.raw)} | ${kB(row.css.brotli)} | ${kB(row.css.gzip)} | ${row.files.length} |`,
    );
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('web-report.ts')) {
  const args = process.argv.slice(2);
  const distIndex = args.indexOf('--dist');
  const dist = distIndex >= 0 ? path.resolve(args[distIndex + 1] ?? '') : undefined;
  let rows: RouteRow[];
  try {
    rows = webReport(dist);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  if (args.includes('--json')) console.log(JSON.stringify(rows, null, 2));
  else {
    console.log(
      'First-visit download per route (entry + lazy page with their static imports; the signed-in frame and data requests not included).\n',
    );
    console.log(markdownTable(rows.filter((row) => row.page)));
  }
}
