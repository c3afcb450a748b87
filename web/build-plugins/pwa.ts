import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** Paths the service worker never answers for: the API, sockets and stored media. */
export const NOT_SHELL = /^\/(api|ws|media|media-private)(\/|$)/;

/** The 'You are offline' screen's chunk (src/pwa/offline-screen.ts), loaded only offline. */
const OFFLINE_CHUNK = /^assets\/offline-screen-[\w-]+\.js$/;

/** The hashed files (`assets/…`) that `index.html` loads at once (entry, its imports, styles). */
export function shellAssets(indexHtml: string): Set<string> {
  const refs = new Set<string>();
  for (const match of indexHtml.matchAll(/(?:src|href)="\/?(assets\/[^"]+)"/g)) {
    if (match[1]) refs.add(match[1]);
  }
  return refs;
}

/**
 * Web app manifest and service worker (issue 15). The manifest is `public/manifest.webmanifest`
 * (linked from `index.html`); the worker (`sw.js`, Workbox `generateSW`, registered by
 * `src/pwa/register.ts`) precaches the app shell only — `index.html`, the files it loads at
 * once, the offline screen's chunk, the manifest and the icons — and answers navigations outside /api, /ws and /media with
 * the cached `index.html`. Route chunks loaded later are left to the HTTP cache (hashed,
 * immutable). Nothing else is cached: no API answer, socket, media file or anything per user.
 */
export function pwaPlugins(): PluginOption[] {
  // The built page (its script, style and preload references are the app shell), in the
  // build's own output folder.
  let builtIndex = '';
  return [
    {
      name: 'touchline:pwa-out-dir',
      configResolved(config) {
        builtIndex = path.resolve(config.root, config.build.outDir, 'index.html');
      },
    },
    VitePWA({
      strategies: 'generateSW',
      registerType: 'autoUpdate',
      injectRegister: false,
      manifest: false,
      filename: 'sw.js',
      includeAssets: [],
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // Keep the shell: files outside `assets/` (index.html, manifest, icons, the default
        // avatar) and the hashed files index.html loads at once; not every route's chunk.
        manifestTransforms: [
          (entries) => {
            const shell =
              builtIndex && existsSync(builtIndex)
                ? shellAssets(readFileSync(builtIndex, 'utf8'))
                : new Set<string>();
            const manifest = entries.filter(
              (entry) =>
                !entry.url.startsWith('assets/') ||
                shell.has(entry.url) ||
                OFFLINE_CHUNK.test(entry.url),
            );
            return { manifest, warnings: [] };
          },
        ],
        dontCacheBustURLsMatching: /^assets\//,
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [NOT_SHELL],
        runtimeCaching: [],
        inlineWorkboxRuntime: true,
        // Web Push: show a push as a notification and open its link on a tap (public/push-sw.js).
        importScripts: ['/push-sw.js'],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        sourcemap: false,
      },
    }),
  ];
}
