import { render, screen, waitFor } from '@testing-library/react';
import { GUARDIAN_ERRORS, GUARDIAN_MESSAGES, MESSAGES } from '@touchline/shared';
import { ToastContainer } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, uploadWithProgress } from './api-client';
import { session, setSession } from './session';

/** These tests are about transport, not shapes: any answer body passes. */
const anyAnswer = { parse: (data: unknown) => data };

type Call = { url: string; method: string; auth: string | null; body: unknown };
type Handler = (call: Call) => { status: number; body?: unknown; statusText?: string };

/** The network is the process edge: a scripted fetch that records every call. */
function serve(handler: Handler) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      const call: Call = {
        url: input,
        method: init.method ?? 'GET',
        auth: headers.get('Authorization'),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      };
      calls.push(call);
      const { status, body, statusText = '' } = handler(call);
      return new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        statusText,
      });
    }),
  );
  return calls;
}

const rotated = { access: 'access-2', refresh: 'refresh-2' };

function signIn() {
  setSession({
    user: 'Ada',
    role: 'player',
    user_id: '1',
    access: 'access-1',
    refresh: 'refresh-1',
  });
}

beforeEach(() => {
  window.history.pushState(null, '', '/home');
});

describe('api client', () => {
  it('sends the stored access token and answers the parsed JSON', async () => {
    signIn();
    const calls = serve(() => ({ status: 200, body: { posts: [], has_more: false } }));
    await expect(api.get('home', anyAnswer, { query: { page: 1 } })).resolves.toEqual({
      posts: [],
      has_more: false,
    });
    expect(calls[0]).toMatchObject({ url: '/api/home?page=1', auth: 'Bearer access-1' });
  });

  it('refreshes once on a 401 and retries the request with the new token', async () => {
    signIn();
    const calls = serve(({ url, auth }) => {
      if (url === '/api/token/refresh/') return { status: 200, body: rotated };
      return auth === 'Bearer access-2'
        ? { status: 200, body: { ok: true } }
        : { status: 401, body: { message: 'expired', code: 'unauthorized' } };
    });
    await expect(api.post('like/9', undefined, anyAnswer)).resolves.toEqual({ ok: true });
    expect(calls.map((call) => call.url)).toEqual([
      '/api/like/9',
      '/api/token/refresh/',
      '/api/like/9',
    ]);
    expect(calls[1]?.body).toEqual({ refresh: 'refresh-1' });
    // Refresh tokens rotate: both are replaced.
    expect(localStorage.getItem('access')).toBe('access-2');
    expect(localStorage.getItem('refresh')).toBe('refresh-2');
  });

  it('retries only once when the retried request is refused again', async () => {
    signIn();
    const calls = serve(({ url }) =>
      url === '/api/token/refresh/'
        ? { status: 200, body: rotated }
        : { status: 401, body: { message: 'no', code: 'unauthorized' } },
    );
    await expect(api.get('home', anyAnswer)).rejects.toMatchObject({ status: 401 });
    expect(calls.filter((call) => call.url === '/api/token/refresh/')).toHaveLength(1);
    expect(calls.filter((call) => call.url === '/api/home')).toHaveLength(2);
  });

  it('shares one refresh between requests refused at the same time', async () => {
    signIn();
    const calls = serve(({ url, auth }) => {
      if (url === '/api/token/refresh/') return { status: 200, body: rotated };
      return auth === 'Bearer access-2'
        ? { status: 200, body: { url } }
        : { status: 401, body: { message: 'expired', code: 'unauthorized' } };
    });
    const answers = await Promise.all([
      api.get('home', anyAnswer),
      api.get('search', anyAnswer),
      api.get('profile', anyAnswer),
    ]);
    expect(answers).toEqual([
      { url: '/api/home' },
      { url: '/api/search' },
      { url: '/api/profile' },
    ]);
    expect(calls.filter((call) => call.url === '/api/token/refresh/')).toHaveLength(1);
  });

  it('uses the tokens another tab stored while this one waited to refresh', async () => {
    signIn();
    // Another tab holds the refresh lock and rotates the tokens before this tab gets it.
    Object.defineProperty(navigator, 'locks', {
      configurable: true,
      value: {
        request: async (_name: string, work: () => Promise<string>) => {
          localStorage.setItem('access', 'access-2');
          localStorage.setItem('refresh', 'refresh-2');
          return work();
        },
      },
    });
    try {
      const calls = serve(({ auth }) =>
        auth === 'Bearer access-2'
          ? { status: 200, body: { ok: true } }
          : { status: 401, body: { message: 'expired', code: 'unauthorized' } },
      );
      await expect(api.get('home', anyAnswer)).resolves.toEqual({ ok: true });
      expect(calls.map((call) => call.url)).toEqual(['/api/home', '/api/home']);
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
  });

  it('renews an access token past its expiry before sending the request', async () => {
    signIn();
    const expired = `h.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) - 60 }))}.s`;
    localStorage.setItem('access', expired);
    const calls = serve(({ url }) =>
      url === '/api/token/refresh/' ? { status: 200, body: rotated } : { status: 200, body: {} },
    );
    await api.get('home', anyAnswer);
    expect(calls.map((call) => [call.url, call.auth])).toEqual([
      ['/api/token/refresh/', null],
      ['/api/home', 'Bearer access-2'],
    ]);
  });

  it('does not refresh on a 401 marked token_not_valid', async () => {
    signIn();
    const calls = serve(() => ({ status: 401, body: { message: 'bad', code: 'token_not_valid' } }));
    await expect(api.get('home', anyAnswer)).rejects.toMatchObject({
      status: 401,
      code: 'token_not_valid',
    });
    expect(calls).toHaveLength(1);
  });

  it('does not refresh on a 401 from the google call', async () => {
    signIn();
    const calls = serve(() => ({ status: 401, body: { message: 'no', code: 'unauthorized' } }));
    await expect(api.post('google', { access_token: 'g' }, anyAnswer)).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(calls.map((call) => call.url)).toEqual(['/api/google']);
  });

  it('does not refresh a 401 answered to a signed-out caller (a wrong password)', async () => {
    const calls = serve(() => ({ status: 401, body: { message: 'Wrong', code: 'unauthorized' } }));
    await expect(api.post('login', { email: 'a@b.c' }, anyAnswer)).rejects.toMatchObject({
      message: 'Wrong',
    });
    expect(calls).toHaveLength(1);
  });

  it.each([
    ['user_inactive', MESSAGES.accountBlocked],
    // Supplement §14: a guardian withdrew consent.
    [GUARDIAN_ERRORS.accountFrozen, GUARDIAN_MESSAGES.accountFrozen],
    ['token_not_valid', MESSAGES.sessionExpired],
  ])(
    'a refused refresh (%s) clears the session, explains why and goes to / after 1.5 s',
    async (code, message) => {
      render(<ToastContainer />);
      signIn();
      serve(({ url }) =>
        url === '/api/token/refresh/'
          ? { status: 401, body: { message: 'refused', code } }
          : { status: 401, body: { message: 'expired', code: 'unauthorized' } },
      );
      await expect(api.get('home', anyAnswer)).rejects.toMatchObject({ status: 401 });

      expect(await screen.findByText(message)).toBeVisible();
      expect(localStorage.getItem('access')).toBeNull();
      expect(localStorage.getItem('refresh')).toBeNull();
      // The page stays while the toast is read…
      expect(window.location.pathname).toBe('/home');
      // …then the session ends and the page goes to /.
      await waitFor(() => expect(window.location.pathname).toBe('/'));
      expect(session.role).toBeNull();
    },
  );

  it('rejects a 5xx answer with its status text', async () => {
    serve(() => ({ status: 502, statusText: 'Bad Gateway', body: { secret: 'stack trace' } }));
    const error = await api.get('home', anyAnswer).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, message: 'Bad Gateway', body: null });
  });

  it('rejects other errors with the status and the parsed error body', async () => {
    serve(() => ({
      status: 404,
      statusText: 'Not Found',
      body: { message: 'Post has been Deleted or removed', code: 'posts.not_found' },
    }));
    await expect(api.post('add_comment/3', { content: 'hi' }, anyAnswer)).rejects.toMatchObject({
      status: 404,
      code: 'posts.not_found',
      message: 'Post has been Deleted or removed',
      body: { message: 'Post has been Deleted or removed', code: 'posts.not_found' },
    });
  });

  it('sends FormData as multipart, without a JSON content type', async () => {
    let contentType: string | null = 'unset';
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        contentType = new Headers(init.headers).get('Content-Type');
        expect(init.body).toBeInstanceOf(FormData);
        return new Response(JSON.stringify({ message: 'ok' }), { status: 201 });
      }),
    );
    const form = new FormData();
    form.set('content', 'Match day');
    await expect(api.post('post', form, anyAnswer)).resolves.toEqual({ message: 'ok' });
    expect(contentType).toBeNull();
  });

  it('validates the answer with a schema when one is given', async () => {
    serve(() => ({ status: 200, body: { count: 'many' } }));
    const schema = {
      parse(data: unknown) {
        if (typeof (data as { count?: unknown }).count !== 'number') throw new Error('bad shape');
        return data as { count: number };
      },
    };
    await expect(api.get('count', schema)).rejects.toThrow('bad shape');
  });
});

describe('upload with progress', () => {
  it('reports progress and answers the parsed JSON', async () => {
    signIn();
    const progress: number[] = [];
    class FakeXhr {
      static last: FakeXhr;
      status = 0;
      statusText = '';
      responseText = '';
      headers: Record<string, string> = {};
      upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      constructor() {
        FakeXhr.last = this;
      }
      open() {}
      setRequestHeader(name: string, value: string) {
        this.headers[name] = value;
      }
      abort() {}
      send() {
        this.upload.onprogress?.({
          lengthComputable: true,
          loaded: 50,
          total: 100,
        } as ProgressEvent);
        this.status = 201;
        this.responseText = JSON.stringify({ id: 'p1' });
        this.onload?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    await expect(
      uploadWithProgress('post', new FormData(), {
        schema: anyAnswer,
        onProgress: (value) => progress.push(value),
      }),
    ).resolves.toEqual({ id: 'p1' });
    expect(progress).toEqual([0.5]);
    expect(FakeXhr.last.headers.Authorization).toBe('Bearer access-1');
  });
});
