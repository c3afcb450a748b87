import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';

/**
 * The push service worker (web/public/push-sw.js, decision 47) run in a sandbox with a fake
 * `self`: what the person sees when a push arrives, and where a tap on it takes them. (The
 * browser journey web/e2e/push.spec.ts proves the real worker shows the notification; browsers
 * give automation no way to tap one.)
 */
const source = readFileSync(path.resolve(__dirname, '../../public/push-sw.js'), 'utf8');
const ORIGIN = 'https://touchline.example.ng';

type Tab = {
  url: string;
  focused: boolean;
  focus: () => Promise<Tab>;
  navigate: (url: string) => Promise<Tab | null>;
};

/** An open browser tab; one this worker does not control refuses `navigate`, as browsers do. */
function tab(url: string, controlled = true): Tab {
  const t: Tab = {
    url,
    focused: false,
    focus: () => {
      t.focused = true;
      return Promise.resolve(t);
    },
    navigate: (to) => {
      if (!controlled)
        return Promise.reject(new TypeError('This service worker is not the client’s active one'));
      t.url = to;
      return Promise.resolve(t);
    },
  };
  return t;
}

function loadWorker(tabs: Tab[] = []) {
  const listeners = new Map<string, (event: object) => void>();
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const opened: string[] = [];
  let closed = 0;
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, listener: (event: object) => void) =>
      listeners.set(type, listener),
    registration: {
      showNotification: (title: string, options: Record<string, unknown>) => {
        shown.push({ title, options });
        return Promise.resolve();
      },
    },
    clients: {
      matchAll: () => Promise.resolve(tabs),
      openWindow: (url: string) => {
        opened.push(url);
        return Promise.resolve(tab(url));
      },
    },
  };
  vm.runInNewContext(source, { self, URL });

  async function fire(type: string, event: object) {
    let work: Promise<unknown> = Promise.resolve();
    listeners.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => (work = p) });
    await work;
  }
  return {
    shown,
    opened,
    closed: () => closed,
    push: (data: unknown) => fire('push', { data: { json: () => data } }),
    tap: (link: string) =>
      fire('notificationclick', {
        notification: {
          data: { link },
          close: () => {
            closed += 1;
          },
        },
      }),
  };
}

describe('push service worker', () => {
  it('shows the in-app text with the icon, one notification per conversation', async () => {
    const sw = loadWorker();
    await sw.push({
      title: 'Touchline',
      body: 'Ada: See you at training',
      link: '/chat/abc',
      tag: 'chat:/chat/abc',
    });
    expect(sw.shown).toEqual([
      {
        title: 'Touchline',
        options: expect.objectContaining({
          body: 'Ada: See you at training',
          icon: '/icons/icon-192.png',
          tag: 'chat:/chat/abc',
          renotify: true,
          data: { link: '/chat/abc' },
        }) as unknown,
      },
    ]);
  });

  it('never lets a push send the tap off the site', async () => {
    const sw = loadWorker();
    await sw.push({ body: 'x', link: 'https://evil.example/phish' });
    await sw.push({ body: 'y', link: '//evil.example/phish' });
    expect(sw.shown.map((s) => s.options.data)).toEqual([
      { link: '/notification' },
      { link: '/notification' },
    ]);
  });

  it('a tap focuses the open Touchline tab and takes it to the notice’s page', async () => {
    const other = tab('https://elsewhere.example/');
    const open = tab(`${ORIGIN}/home`);
    const sw = loadWorker([other, open]);
    await sw.tap('/trial_history');
    expect(sw.closed()).toBe(1);
    expect(open).toMatchObject({ focused: true, url: `${ORIGIN}/trial_history` });
    expect(other).toMatchObject({ focused: false, url: 'https://elsewhere.example/' });
    expect(sw.opened).toEqual([]);
  });

  it('a tap on a page already open focuses that tab as it is', async () => {
    const home = tab(`${ORIGIN}/home`);
    const chat = tab(`${ORIGIN}/chat/abc`);
    const sw = loadWorker([home, chat]);
    await sw.tap('/chat/abc');
    expect(chat.focused).toBe(true);
    expect(home).toMatchObject({ focused: false, url: `${ORIGIN}/home` });
    expect(sw.opened).toEqual([]);
  });

  it('a tap with no Touchline tab open opens the notice’s page', async () => {
    const sw = loadWorker([tab('https://elsewhere.example/')]);
    await sw.tap('/chat/abc');
    expect(sw.opened).toEqual([`${ORIGIN}/chat/abc`]);
  });

  it('a tab the worker does not control cannot be moved: the page opens in a new tab', async () => {
    const uncontrolled = tab(`${ORIGIN}/home`, false);
    const sw = loadWorker([uncontrolled]);
    await sw.tap('/trial_history');
    expect(sw.opened).toEqual([`${ORIGIN}/trial_history`]);
  });
});
