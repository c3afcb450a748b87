/**
 * Registers the service worker (`/sw.js`, built by `build-plugins/pwa.ts`) after the page has
 * loaded, so its precache never competes with the first load; shows the 'You are offline' screen
 * when the app opens without a connection, and the 'Install app' offer when the browser makes one.
 * Both screens are their own small chunks, out of the first load: the offline one is loaded only
 * when the app opens offline (the service worker precaches it), the install offer after load.
 * Nothing in development (Vite serves no worker) or where service workers are unsupported (jsdom,
 * old browsers, insecure origins).
 */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) {
    return;
  }
  if (!navigator.onLine) {
    void import('./offline-screen').then(({ watchOfflineStart }) => watchOfflineStart());
  }
  const afterLoad = () => {
    // Chromium offers the install once the worker is registered: listen before registering.
    void import('./install-prompt')
      .then(({ watchInstallPrompt }) => watchInstallPrompt())
      .finally(() => {
        navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
          console.warn('The service worker did not register', error);
        });
      });
  };
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}
