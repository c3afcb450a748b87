import type { PostView } from '@touchline/shared';
import { DEFAULT_AVATAR_URL, LIMITS, MESSAGES, POST_MESSAGES } from '@touchline/shared';
import { CircleAlert } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { accentFor } from '@/components/layout/role-accent';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { UserAvatar } from '@/components/ui/user-avatar';
import { ApiError } from '@/lib/api-client';
import { session } from '@/lib/session';
import { useCreatePost } from '../api/create-post';
import { useUpdatePost } from '../api/update-post';
import type { MediaKind } from '../lib/media-file';
import { mediaProblem, postProblem } from '../lib/media-file';
import type { Preview } from './media-picker';
import { FilePicker, MediaPreview } from './media-picker';

export type ChosenMedia = { kind: MediaKind; file: File };

const withPreview = (media: ChosenMedia): Preview => ({
  ...media,
  url: URL.createObjectURL(media.file),
});

type PostEditorProps = {
  open: boolean;
  onClose: () => void;
  /** Update mode: the post whose text is edited (no media change). Create mode without it. */
  post?: PostView;
  /** Create mode, from the composer's photo or video shortcut: the file already picked. */
  initialMedia?: ChosenMedia | null;
};

/**
 * The post editor modal (spec §2, §4, §5; max width 600 px). Create mode: text, and a photo or a
 * video — the pickers disappear once a file is chosen, the preview can be removed. Update mode:
 * the text only. Checks run before anything is sent; the upload shows its progress; while saving
 * the button is busy; on success the feed is read again and the editor clears and closes.
 */
export function PostEditor({ open, onClose, post, initialMedia = null }: PostEditorProps) {
  const { role, user, profile_photo } = useSnapshot(session);
  const accent = accentFor(role);
  const updating = post !== undefined;
  const [content, setContent] = useState(post?.content ?? '');
  const [media, setMedia] = useState<Preview | null>(() =>
    initialMedia && !mediaProblem(initialMedia.kind, initialMedia.file)
      ? withPreview(initialMedia)
      : null,
  );
  const [problem, setProblem] = useState<string | null>(() =>
    initialMedia ? mediaProblem(initialMedia.kind, initialMedia.file) : null,
  );
  const [progress, setProgress] = useState<number | null>(null);
  const create = useCreatePost((fraction) => setProgress(fraction));
  const update = useUpdatePost();
  const saving = create.isPending || update.isPending;
  const textId = useId();
  const problemId = useId();
  const textArea = useRef<HTMLTextAreaElement>(null);

  const choose = (kind: MediaKind, file: File | undefined) => {
    if (!file) return;
    const wrong = mediaProblem(kind, file);
    setProblem(wrong);
    if (!wrong) setMedia(withPreview({ kind, file }));
  };

  const dropMedia = () => {
    if (media) URL.revokeObjectURL(media.url);
    setMedia(null);
  };

  const close = () => {
    if (saving) return;
    dropMedia();
    onClose();
  };

  const save = async () => {
    const empty = updating ? postProblem(content, Boolean(post.image || post.video)) : null;
    const local = updating ? empty : postProblem(content, media !== null);
    if (local) {
      setProblem(local);
      textArea.current?.focus();
      return;
    }
    setProblem(null);
    try {
      if (updating) await update.mutateAsync({ postId: post.id, content });
      else {
        setProgress(media ? 0 : null);
        await create.mutateAsync({
          content,
          media: media && { kind: media.kind, file: media.file },
        });
      }
      setContent('');
      dropMedia();
      onClose();
    } catch (error) {
      console.error('Could not save the post', error);
      setProblem(saveProblem(error, media?.kind));
    } finally {
      setProgress(null);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title={updating ? 'Edit post' : 'Create a post'}
      size="max-w-[600px]"
      showClose
      closeOnBackdrop={!saving && content.trim() === '' && media === null}
      initialFocus={textArea}
    >
      <form
        noValidate
        className="mt-4"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <div className="flex items-center gap-3">
          <UserAvatar src={profile_photo || DEFAULT_AVATAR_URL} className="size-10" />
          <p className="text-sm font-semibold text-slate-900">{user}</p>
        </div>
        <label htmlFor={textId} className="sr-only">
          Post text
        </label>
        <textarea
          ref={textArea}
          id={textId}
          value={content}
          onChange={(event) => {
            setContent(event.target.value);
            if (problem === MESSAGES.postEmpty) setProblem(null);
          }}
          maxLength={LIMITS.postMaxLength}
          rows={5}
          placeholder="What do you want to talk about?"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          className="mt-3 block max-h-[40vh] min-h-32 w-full resize-y rounded-xl border border-slate-200 bg-white px-3.5 py-3 text-[15px] leading-relaxed text-slate-900 placeholder:text-slate-400 focus:border-slate-300 focus:ring-2 focus:ring-slate-200 focus:outline-none"
        />

        {media ? <MediaPreview media={media} onRemove={dropMedia} disabled={saving} /> : null}
        {updating && (post.image || post.video) ? (
          <p className="mt-2 text-xs text-slate-500">
            The photo or video of a post stays as it is; only the text can be edited.
          </p>
        ) : null}

        {progress !== null ? (
          <div className="mt-4">
            <div className="mb-1 flex justify-between text-xs font-medium text-slate-600">
              <span>Uploading…</span>
              <span>{Math.round(progress * 100)}%</span>
            </div>
            <div
              role="progressbar"
              aria-label="Upload progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(progress * 100)}
              className="h-2 overflow-hidden rounded-full bg-slate-100"
            >
              <div
                className={`h-full rounded-full transition-[width] duration-200 ${accent.solid}`}
                style={{ width: `${progress * 100}%` }}
              />
            </div>
          </div>
        ) : null}

        {problem ? (
          <p
            id={problemId}
            role="alert"
            className="mt-3 flex items-start gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 ring-1 ring-red-200"
          >
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {problem}
          </p>
        ) : null}

        <div className="mt-5 flex flex-wrap items-center gap-2 border-t border-slate-100 pt-4">
          {!updating && media === null ? (
            <div className="flex gap-1">
              <FilePicker kind="image" onFile={(file) => choose('image', file)} disabled={saving} />
              <FilePicker kind="video" onFile={(file) => choose('video', file)} disabled={saving} />
            </div>
          ) : null}
          <div className="ml-auto flex gap-2">
            <Button tone="secondary" onClick={close} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" tone={accent.name} loading={saving}>
              {updating ? 'Save' : 'Post'}
            </Button>
          </div>
        </div>
      </form>
    </Dialog>
  );
}

/** The server's message for a refused post; a size refusal names the limit; else the spec's. */
function saveProblem(error: unknown, kind: MediaKind | undefined): string {
  if (error instanceof ApiError && error.status === 413) {
    return kind === 'video' ? POST_MESSAGES.videoTooLarge : POST_MESSAGES.imageTooLarge;
  }
  if (error instanceof ApiError && error.status < 500 && error.message) return error.message;
  return MESSAGES.serverErrorTryLater;
}
