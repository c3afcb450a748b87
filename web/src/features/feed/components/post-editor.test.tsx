import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serveApi } from '@/test/fake-api';
import { renderApp, signInAs } from '@/test/render-app';
import { homePage, makePost } from '../testing/fixtures';

/** The browser's XMLHttpRequest (the upload's process edge): records sends, plays the server. */
class FakeXhr {
  static sent: { method: string; url: string; body: FormData }[] = [];
  static pending: FakeXhr[] = [];
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private method = '';
  private url = '';
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  abort() {}
  send(body: FormData) {
    FakeXhr.sent.push({ method: this.method, url: this.url, body });
    FakeXhr.pending.push(this);
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.statusText = status < 300 ? 'Created' : 'Error';
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

beforeEach(() => {
  FakeXhr.sent = [];
  FakeXhr.pending = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

async function openEditor(home = homePage()) {
  signInAs('player', 'player-1');
  const fetch = serveApi({ 'GET /api/home': () => home, 'GET /api/user_academy': () => [] });
  renderApp('/home');
  await userEvent.click(await screen.findByRole('button', { name: 'Start a post' }));
  const dialog = screen.getByRole('dialog', { name: 'Create a post' });
  return { fetch, dialog };
}

const file = (name: string, type: string, size = 2048) => {
  const made = new File(['x'], name, { type });
  Object.defineProperty(made, 'size', { value: size });
  return made;
};

const choose = (dialog: HTMLElement, kind: 'image' | 'video', chosen: File) =>
  fireEvent.change(within(dialog).getByTestId(`${kind}-input`), { target: { files: [chosen] } });

describe('post editor', () => {
  it('refuses a post with no text and no media, and sends nothing', async () => {
    const { dialog } = await openEditor();
    await userEvent.type(within(dialog).getByLabelText('Post text'), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Post cannot be Empty (add media or content)',
    );
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('refuses an image that is not JPEG, PNG or WebP, and keeps the pickers', async () => {
    const { dialog } = await openEditor();
    choose(dialog, 'image', file('team.gif', 'image/gif'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Invalid image type select JPEG , PNG or webp image',
    );
    expect(within(dialog).getByRole('button', { name: 'Add a photo' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Add a video' })).toBeVisible();
  });

  it('refuses a video that is not MP4 or WebM', async () => {
    const { dialog } = await openEditor();
    choose(dialog, 'video', file('goal.mov', 'video/quicktime'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Invalid video format only mp4 and webm are supported',
    );
  });

  it('refuses files over the size limits', async () => {
    const { dialog } = await openEditor();
    choose(dialog, 'image', file('big.jpg', 'image/jpeg', 10 * 1024 * 1024 + 1));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Image must be at most 10 MB');
    choose(dialog, 'video', file('big.mp4', 'video/mp4', 100 * 1024 * 1024 + 1));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Video must be at most 100 MB');
  });

  it('hides both pickers once a file is chosen, and brings them back when it is removed', async () => {
    const { dialog } = await openEditor();
    expect(within(dialog).getByTestId('image-input')).toHaveAttribute(
      'accept',
      'image/jpeg,image/png,image/webp',
    );
    expect(within(dialog).getByTestId('video-input')).toHaveAttribute(
      'accept',
      'video/mp4,video/webm',
    );
    choose(dialog, 'image', file('team.jpg', 'image/jpeg'));
    expect(within(dialog).getByAltText('Preview of the chosen photo')).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Add a photo' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Add a video' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove photo' }));
    expect(within(dialog).getByRole('button', { name: 'Add a photo' })).toBeVisible();
  });

  it('uploads with a progress bar, then refreshes the feed, clears and closes', async () => {
    const { dialog, fetch } = await openEditor();
    await userEvent.type(within(dialog).getByLabelText('Post text'), 'Match day');
    choose(dialog, 'image', file('team.jpg', 'image/jpeg'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post' }));

    expect(within(dialog).getByRole('button', { name: 'Post' })).toBeDisabled();
    const xhr = FakeXhr.pending[0]!;
    act(() => xhr.progress(40, 100));
    expect(within(dialog).getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    const sent = FakeXhr.sent[0]!;
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/api/post');
    expect(sent.body.get('content')).toBe('Match day');
    expect((sent.body.get('image') as File).name).toBe('team.jpg');
    expect(sent.body.get('video')).toBeNull();

    const before = fetch.callsTo('GET /api/home').length;
    act(() => xhr.respond(201, makePost({ id: 'p9', is_own_post: true })));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(fetch.callsTo('GET /api/home').length).toBeGreaterThan(before));

    await userEvent.click(screen.getByRole('button', { name: 'Start a post' }));
    expect(screen.getByLabelText('Post text')).toHaveValue('');
  });

  it("shows the server's refusal inside the editor", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { dialog } = await openEditor();
    await userEvent.type(within(dialog).getByLabelText('Post text'), 'Hello');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post' }));
    act(() =>
      FakeXhr.pending[0]!.respond(400, {
        message: 'Post must be at most 5000 characters',
        code: 'x',
      }),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Post must be at most 5000 characters',
    );
    expect(screen.getByRole('dialog', { name: 'Create a post' })).toBeVisible();
  });

  it('edits the text of an own post without offering a media change', async () => {
    signInAs('player', 'player-1');
    const own = makePost({
      id: 'p1',
      is_own_post: true,
      content: 'Old text',
      image: '/media/x.jpg',
    });
    const fetch = serveApi({
      'GET /api/home': () => homePage({ posts: [own] }),
      'GET /api/user_academy': () => [],
      'PATCH /api/post/p1': ({ body }) => ({
        ...own,
        content: (body as { content: string }).content,
        edited: true,
      }),
    });
    renderApp('/home');
    const card = await screen.findByRole('article', { name: /Kemi Adeyemi/ });
    await userEvent.click(within(card).getByRole('button', { name: 'Post options' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Edit post' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit post' });
    const text = within(dialog).getByLabelText('Post text');
    expect(text).toHaveValue('Old text');
    expect(within(dialog).queryByRole('button', { name: 'Add a photo' })).toBeNull();
    await userEvent.clear(text);
    await userEvent.type(text, 'New text');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [call] = fetch.mock.calls.filter(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ content: 'New text' });
  });
});
