/**
 * Lighthouse on Touchline (issue 15): the `lighthouse` package drives Debian's Chromium
 * (/usr/bin/chromium, never a downloaded browser) with its default mobile profile (Moto G Power
 * screen, simulated slow 4G, 4× CPU slowdown) on `/` signed out and on `/home` signed in as the
 * demo player, and prints the scores and the Core Web Vitals against the targets:
 * performance ≥ 90, accessibility ≥ 95, best practices ≥ 95, LCP ≤ 2.5 s, TBT ≤ 200 ms,
 * CLS ≤ 0.1. Each page is measured RUNS times (default 3) and the run with the median
 * performance score is reported; the HTML and JSON reports go to OUT (default
 * `.data/lighthouse/`).
 *
 * Without `--url` it starts the product the way `npm start` does (scripts/start.mjs: builds the
 * web app when stale, embedded database with the demo seed in a fresh data folder) on a free
 * port in 44000-44999, and stops it afterwards. The player signs in as the app does: the
 * session of `POST /api/login` and `POST /api/token/` is written into localStorage, then
 * Lighthouse runs in the same browser without clearing storage (a returning visitor: the service
 * worker has installed the app shell).
 *
 *   npx tsx scripts/lighthouse.ts                              # start a server, measure
 *   npx tsx scripts/lighthouse.ts --url http://127.0.0.1:44100 # an already running server
 *   RUNS=5 npx tsx scripts/lighthouse.ts --check               # exit 1 when a target is missed
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import type { Flags, Result } from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, ensureChromium } from './lib/chromium';
import { envWithout } from './lib/process';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEMO_PLAYER = { email: 'player@touchline.test', password: 'Touchline@2026' };
const HEALTH_TIMEOUT_MS = 300_000;

type Target = { key: string; label: string; min?: number; max?: number; unit: string };
const TARGETS: Target[] = [
  { key: 'performance', label: 'Performance', min: 90, unit: '' },
  { key: 'accessibility', label: 'Accessibility', min: 95, unit: '' },
  { key: 'best-practices', label: 'Best practices', min: 95, unit: '' },
  { key: 'lcp', label: 'LCP', max: 2500, unit: 'ms' },
  { key: 'tbt', label: 'TBT', max: 200, unit: 'ms' },
  { key: 'cls', label: 'CLS', max: 0.1, unit: '' },
];

type Measure = Record<string, number>;
type PageResult = { name: string; path: string; measure: Measure; lhr: Result; report: string };

function argValue(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

async function freePort(from: number, to: number): Promise<number> {
  for (let port = from; port <= to; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${from}-${to}`);
}

/** The product as `npm start` runs it, embedded, on its own port and data folder. */
async function startServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort(44200, 44999);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'touchline-lighthouse-'));
  const env = {
    ...envWithout(['DATABASE_URL', 'REDIS_URL', 'SMTP_URL'], ['S3_']),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_ENV: 'development',
    SEED_DEMO: 'true',
  };
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, 15_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve(undefined);
        });
      });
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const health = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (health.ok) return { url, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  await stop();
  throw new Error(`the server did not become healthy at ${url}:\n${output}`);
}

/** Signs the browser in as the demo player: the session written the way the app keeps it. */
async function signIn(page: Page, baseUrl: string) {
  const post = async (route: string, body: unknown) => {
    const response = await fetch(`${baseUrl}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`POST ${route}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  const credentials = { ...DEMO_PLAYER, is_academy: false };
  const login = await post('/api/login', credentials);
  const tokens = await post('/api/token/', credentials);
  const auth = {
    user: login.user,
    role: login.role,
    dob: login.dob,
    profile_photo: login.profile_photo,
    notification_count: login.notification_count,
    user_id: login.user_id,
    error: null,
    message: login.message,
    is_access: false,
  };
  await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
  await page.evaluate(
    (session) => {
      // Runs in the page (the scripts have no DOM types).
      const localStorage = (
        globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }
      ).localStorage;
      localStorage.setItem('access', String(session.tokens.access));
      localStorage.setItem('refresh', String(session.tokens.refresh));
      localStorage.setItem('role', String(session.auth.role));
      localStorage.setItem('user', String(session.auth.user));
      localStorage.setItem('root', JSON.stringify({ auth: session.auth }));
    },
    { tokens, auth },
  );
  // A returning visitor: the service worker (registered after load) has installed its precache
  // and controls the origin, so no background download runs during the measurement.
  await page
    .waitForFunction('navigator.serviceWorker?.controller?.state === "activated"', {
      timeout: 60_000,
    })
    .catch(() => console.warn('  (the service worker did not take control; measuring anyway)'));
}

function measureOf(lhr: Result): Measure {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    lcp: Math.round(audit('largest-contentful-paint')),
    tbt: Math.round(audit('total-blocking-time')),
    cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
    fcp: Math.round(audit('first-contentful-paint')),
  };
}

async function measurePage(
  browser: Browser,
  baseUrl: string,
  name: string,
  route: string,
  runs: number,
  signedIn: boolean,
): Promise<PageResult> {
  const results: PageResult[] = [];
  for (let run = 1; run <= runs; run++) {
    const page = await browser.newPage();
    if (signedIn) await signIn(page, baseUrl);
    const flags: Flags = {
      output: 'html',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      // Signed in: keep the session the page was given (Lighthouse would clear the origin).
      disableStorageReset: signedIn,
    };
    const answer = await lighthouse(`${baseUrl}${route}`, flags, undefined, page);
    await page.close();
    if (!answer) throw new Error(`Lighthouse gave no result for ${route}`);
    const lhr = answer.lhr;
    if (lhr.runtimeError) throw new Error(`${route}: ${lhr.runtimeError.message}`);
    const measure = measureOf(lhr);
    const report = Array.isArray(answer.report) ? answer.report.join('') : answer.report;
    console.log(
      `  ${name} run ${run}/${runs}: performance ${measure.performance}, accessibility ${measure.accessibility}, best practices ${measure['best-practices']}, LCP ${measure.lcp} ms, TBT ${measure.tbt} ms, CLS ${measure.cls}`,
    );
    results.push({ name, path: route, measure, lhr, report });
  }
  results.sort((a, b) => (a.measure.performance ?? 0) - (b.measure.performance ?? 0));
  return results[Math.floor(results.length / 2)]!;
}

function meets(target: Target, value: number): boolean {
  if (Number.isNaN(value)) return false;
  if (target.min !== undefined) return value >= target.min;
  return value <= (target.max ?? Infinity);
}

/** Failing audits of a category (score below 0.9), for the notes under the table. */
function findings(lhr: Result, category: string): string[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((a): a is NonNullable<typeof a> => !!a && a.score !== null && a.score < 0.9)
    .map((a) => `${a.id} (${a.displayValue ?? `score ${a.score}`})`);
}

async function main() {
  const runs = Number(process.env.RUNS ?? 3);
  const outDir = path.resolve(root, process.env.OUT ?? '.data/lighthouse');
  const check = process.argv.includes('--check');
  const chromium = await ensureChromium(root);
  if (!chromium.ok) throw new Error(`${chromium.detail}\n${chromium.instructions ?? ''}`);

  const given = argValue('--url');
  const server = given
    ? { url: given.replace(/\/$/, ''), stop: async () => {} }
    : await startServer();
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS],
    defaultViewport: null,
  });
  const started = new Date();
  const loadBefore = os.loadavg()[0]!;
  let pages: PageResult[];
  try {
    console.log(`Lighthouse ${runs}× per page on ${server.url} (mobile profile)`);
    // Warm the server (first requests compile and fill caches) before measuring.
    await fetch(`${server.url}/`).then((r) => r.text());
    pages = [
      await measurePage(browser, server.url, 'Login (signed out)', '/', runs, false),
      await measurePage(browser, server.url, 'Home (demo player)', '/home', runs, true),
    ];
  } finally {
    await browser.close();
    await server.stop();
  }

  mkdirSync(outDir, { recursive: true });
  for (const result of pages) {
    const base = result.path === '/' ? 'login' : result.path.replace(/\W+/g, '');
    writeFileSync(path.join(outDir, `${base}.html`), result.report);
    writeFileSync(path.join(outDir, `${base}.json`), JSON.stringify(result.lhr));
  }

  const header = [
    'Page',
    ...TARGETS.map(
      (t) =>
        `${t.label} (${t.min !== undefined ? `≥ ${t.min}` : `≤ ${t.max}${t.unit ? ` ${t.unit}` : ''}`})`,
    ),
  ];
  const lines = [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => ' --- ').join('|')}|`,
    ...pages.map(
      (p) =>
        `| ${p.name} \`${p.path}\` | ${TARGETS.map((t) => `${p.measure[t.key]}${meets(t, p.measure[t.key]!) ? '' : ' ✗'}`).join(' | ')} |`,
    ),
  ];
  const lhVersion = pages[0]?.lhr.lighthouseVersion ?? '';
  const browserVersion = pages[0]?.lhr.environment.hostUserAgent ?? '';
  const benchmark = pages[0]?.lhr.environment.benchmarkIndex ?? 0;
  const cores = os.cpus().length;
  console.log(
    `\n${started.toISOString()} · Lighthouse ${lhVersion} · ${browserVersion} · ${cores} cores, load average ${loadBefore.toFixed(1)} before the runs, benchmark index ${benchmark} · median of ${runs} by performance\n`,
  );
  if (loadBefore > cores) {
    console.log(
      `Note: the machine was busy (load ${loadBefore.toFixed(1)} on ${cores} cores). Lighthouse multiplies the main-thread time it observes by its 4× CPU slowdown, so TBT and the performance score come out worse than on an idle machine; measure again when it is idle.\n`,
    );
  }
  console.log(lines.join('\n'));
  let missed = 0;
  for (const p of pages) {
    for (const t of TARGETS) if (!meets(t, p.measure[t.key]!)) missed++;
    for (const category of ['performance', 'accessibility', 'best-practices']) {
      const found = findings(p.lhr, category);
      if (found.length) console.log(`\n${p.path} ${category}: ${found.join(', ')}`);
    }
  }
  console.log(`\nReports: ${path.relative(root, outDir)}/`);
  if (check && missed > 0) {
    console.error(`${missed} target(s) missed`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
