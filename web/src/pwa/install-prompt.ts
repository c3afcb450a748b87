/**
 * The 'Install app' offer: when the browser says the app can be installed (Chromium's
 * `beforeinstallprompt`, fired once the manifest and service worker qualify), a small bar offers
 * to add Touchline to the home screen. 'Not now' hides it for this browser.
 */
type InstallPromptEvent = Event & {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

const BAR_ID = 'install-app';
export const INSTALL_DISMISSED_KEY = 'touchline:install-dismissed';

function dismissed(win: Window): boolean {
  try {
    return win.localStorage.getItem(INSTALL_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

export function showInstallBar(win: Window, event: InstallPromptEvent) {
  const doc = win.document;
  if (doc.getElementById(BAR_ID)) return;
  const bar = doc.createElement('section');
  bar.id = BAR_ID;
  bar.setAttribute('aria-label', 'Install Touchline');
  bar.className =
    'fixed inset-x-3 bottom-20 z-[9000] mx-auto flex max-w-md flex-wrap items-center gap-x-3 gap-y-2 rounded-2xl border border-slate-200 bg-white p-3 shadow-lg sm:bottom-4';

  const icon = doc.createElement('img');
  icon.src = '/icons/icon-192.png';
  icon.alt = '';
  icon.width = 40;
  icon.height = 40;
  icon.className = 'size-10 shrink-0 rounded-xl';

  const text = doc.createElement('p');
  text.className = 'min-w-0 flex-1 basis-48 text-sm text-slate-700';
  const strong = doc.createElement('strong');
  strong.className = 'block text-slate-900';
  strong.textContent = 'Install Touchline';
  text.append(strong, 'Open it from your home screen like any app.');

  const later = doc.createElement('button');
  later.type = 'button';
  later.className = 'btn px-3 text-slate-700 hover:bg-slate-100';
  later.textContent = 'Not now';
  later.addEventListener('click', () => {
    try {
      win.localStorage.setItem(INSTALL_DISMISSED_KEY, '1');
    } catch {
      // Private mode: the bar just comes back next time.
    }
    bar.remove();
  });

  const install = doc.createElement('button');
  install.type = 'button';
  install.className = 'btn bg-brand-700 px-3 text-white shadow-sm hover:bg-brand-800';
  install.textContent = 'Install app';
  install.addEventListener('click', () => {
    bar.remove();
    void event.prompt().catch(() => undefined);
  });

  const actions = doc.createElement('div');
  actions.className = 'ml-auto flex gap-2';
  actions.append(later, install);
  bar.append(icon, text, actions);
  doc.body.append(bar);
}

/** Listens for the browser's install offer (Chromium on Android and desktop). */
export function watchInstallPrompt(win: Window = window) {
  win.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    if (dismissed(win)) return;
    showInstallBar(win, event as InstallPromptEvent);
  });
  win.addEventListener('appinstalled', () => win.document.getElementById(BAR_ID)?.remove());
}
