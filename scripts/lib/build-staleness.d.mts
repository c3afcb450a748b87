/** Why the SPA must be (re)built, or null when `web/dist` is up to date. */
export function webBuildReason(root: string): string | null;
/** Why `dist/` must be (re)built, or null when the bundles and the template are up to date. */
export function serverBuildReason(root: string): string | null;
