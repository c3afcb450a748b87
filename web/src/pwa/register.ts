import { watchInstallPrompt } from './install-prompt';
import { watchOfflineStart } from './offline-screen';

/**
 * Registers the service worker (`/sw.js`, built by `build-plugins/pwa.ts`) after the page has
 * loaded, so its precache never competes with the first load; shows the 'You are offline' screen
 * when the app opens without a connection, and the 'Install app' offer when the browser makes one.
 * Nothing in development (Vite serves no worker) or where service workers are unsupported (jsdom,
 * old browsers, insecure origins).
 */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) {
    return;
  }
  watchOfflineStart();
  watchInstallPrompt();
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('The service worker did not register', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
