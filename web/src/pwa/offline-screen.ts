/**
 * The 'You are offline' screen: shown over the app when it opens without a connection (the
 * service worker served the app shell from its cache, but every answer needs the API). Plain DOM,
 * so it shows even when a route's code or data cannot load; the app behind it is made inert.
 */
const SCREEN_ID = 'offline-screen';

export function isOfflineScreenShown(doc: Document = document): boolean {
  return doc.getElementById(SCREEN_ID) !== null;
}

export function showOfflineScreen(doc: Document = document, reload = () => location.reload()) {
  if (isOfflineScreenShown(doc)) return;
  const screen = doc.createElement('div');
  screen.id = SCREEN_ID;
  screen.setAttribute('role', 'alertdialog');
  screen.setAttribute('aria-modal', 'true');
  screen.setAttribute('aria-labelledby', `${SCREEN_ID}-title`);
  screen.setAttribute('aria-describedby', `${SCREEN_ID}-text`);
  screen.className =
    'fixed inset-0 z-[10000] flex flex-col items-center justify-center gap-5 bg-slate-50 px-6 text-center';

  const icon = doc.createElement('img');
  icon.src = '/icons/icon-192.png';
  icon.alt = '';
  icon.width = 72;
  icon.height = 72;
  icon.className = 'size-18 rounded-2xl shadow-sm';

  const title = doc.createElement('h1');
  title.id = `${SCREEN_ID}-title`;
  title.className = 'font-display text-2xl font-bold text-slate-900';
  title.textContent = 'You are offline';

  const text = doc.createElement('p');
  text.id = `${SCREEN_ID}-text`;
  text.className = 'max-w-xs text-[15px] leading-relaxed text-slate-600';
  text.textContent =
    'Touchline needs a connection to show your feed, trials and messages. Check your mobile data or Wi-Fi, then try again.';

  const retry = doc.createElement('button');
  retry.type = 'button';
  retry.className = 'btn min-w-40 bg-brand-700 text-white shadow-sm hover:bg-brand-800';
  retry.textContent = 'Try again';
  retry.addEventListener('click', () => reload());

  screen.append(icon, title, text, retry);
  doc.body.append(screen);
  doc.getElementById('root')?.setAttribute('inert', '');
  retry.focus();
}

export function hideOfflineScreen(doc: Document = document) {
  doc.getElementById(SCREEN_ID)?.remove();
  doc.getElementById('root')?.removeAttribute('inert');
}

/**
 * Shows the screen when the app opens offline; when the connection comes back, the page loads
 * again (its data was never fetched).
 */
export function watchOfflineStart(win: Window = window, reload = () => win.location.reload()) {
  if (win.navigator.onLine) return;
  showOfflineScreen(win.document, reload);
  win.addEventListener('online', () => reload(), { once: true });
}
