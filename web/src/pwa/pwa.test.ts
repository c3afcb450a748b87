import { afterEach, describe, expect, it, vi } from 'vitest';
import { INSTALL_DISMISSED_KEY, watchInstallPrompt } from './install-prompt';
import { hideOfflineScreen, isOfflineScreenShown, watchOfflineStart } from './offline-screen';
import { registerServiceWorker } from './register';

afterEach(() => {
  hideOfflineScreen();
  document.body.innerHTML = '';
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('service worker registration', () => {
  it('does nothing where service workers are unsupported (jsdom) or in development', () => {
    expect('serviceWorker' in navigator).toBe(false);
    expect(() => registerServiceWorker()).not.toThrow();
    expect(isOfflineScreenShown()).toBe(false);
  });
});

describe('the offline screen', () => {
  it('shows "You are offline" over an inert app when the app opens offline, and reloads when the connection is back', () => {
    document.body.innerHTML = '<div id="root"><button>Feed</button></div>';
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const reload = vi.fn();
    watchOfflineStart(window, reload);

    const screen = document.getElementById('offline-screen')!;
    expect(screen.getAttribute('role')).toBe('alertdialog');
    expect(screen.querySelector('h1')?.textContent).toBe('You are offline');
    expect(document.getElementById('root')?.hasAttribute('inert')).toBe(true);
    const retry = screen.querySelector('button')!;
    expect(retry.textContent).toBe('Try again');
    expect(document.activeElement).toBe(retry);
    retry.click();
    expect(reload).toHaveBeenCalledTimes(1);

    window.dispatchEvent(new Event('online'));
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('stays away when the app opens online', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    watchOfflineStart(window, vi.fn());
    expect(isOfflineScreenShown()).toBe(false);
  });
});

describe('the install offer', () => {
  const offer = () => {
    const prompt = vi.fn(() => Promise.resolve());
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    return { event, prompt };
  };

  it('shows the bar when the browser offers, and "Install app" opens the browser prompt', () => {
    const win = window;
    watchInstallPrompt(win);
    const { event, prompt } = offer();
    win.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    const bar = document.querySelector('[aria-label="Install Touchline"]')!;
    const install = [...bar.querySelectorAll('button')].find(
      (b) => b.textContent === 'Install app',
    )!;
    install.click();
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(document.querySelector('[aria-label="Install Touchline"]')).toBeNull();
  });

  it('"Not now" hides it and it stays hidden', () => {
    watchInstallPrompt(window);
    window.dispatchEvent(offer().event);
    const later = [...document.querySelectorAll('button')].find(
      (b) => b.textContent === 'Not now',
    )!;
    later.click();
    expect(localStorage.getItem(INSTALL_DISMISSED_KEY)).toBe('1');
    window.dispatchEvent(offer().event);
    expect(document.querySelector('[aria-label="Install Touchline"]')).toBeNull();
  });
});
