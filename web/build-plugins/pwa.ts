import type { PluginOption } from 'vite';

/** Web app manifest and service worker (issue 15). */
export function pwaPlugins(): PluginOption[] {
  return [];
}
