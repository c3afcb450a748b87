import { DEFAULT_AVATAR_URL } from '@touchline/shared';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { useAwaitingConsent } from '@/api/consent';
import { UserAvatar } from '@/components/ui/user-avatar';
import { WaitingForGuardian } from '@/components/waiting-for-guardian';
import { session } from '@/lib/session';
import type { MediaKind } from '../lib/media-file';
import type { ChosenMedia } from './post-editor';
import { FilePicker } from './media-picker';
import { PostEditor } from './post-editor';

/**
 * The card at the top of the feed: 'Start a post' opens the editor; the photo and video
 * shortcuts pick a file first and open the editor with it.
 */
export function ComposerCard({ greeting }: { greeting?: ReactNode }) {
  const { profile_photo } = useSnapshot(session);
  const [editor, setEditor] = useState<{ media: ChosenMedia | null } | null>(null);
  const waiting = useAwaitingConsent();

  const pick = (kind: MediaKind, file: File | undefined) => {
    if (file) setEditor({ media: { kind, file } });
  };

  if (waiting) {
    return (
      <section aria-label="Create a post" className="card p-4 sm:p-5">
        {greeting}
        <WaitingForGuardian action="post" />
      </section>
    );
  }

  return (
    <section aria-label="Create a post" className="card p-4 sm:p-5">
      {greeting}
      <div className="flex items-center gap-3">
        <UserAvatar src={profile_photo || DEFAULT_AVATAR_URL} className="size-11" />
        <button
          type="button"
          onClick={() => setEditor({ media: null })}
          className="h-11 flex-1 rounded-full border border-slate-300 bg-slate-50 px-5 text-left text-sm font-medium text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-700"
        >
          Start a post
        </button>
      </div>
      <div className="mt-3 flex gap-1 border-t border-slate-100 pt-2">
        <FilePicker
          kind="image"
          onFile={(file) => pick('image', file)}
          className="flex-1 justify-center"
        />
        <FilePicker
          kind="video"
          onFile={(file) => pick('video', file)}
          className="flex-1 justify-center"
        />
      </div>
      {editor ? (
        <PostEditor open initialMedia={editor.media} onClose={() => setEditor(null)} />
      ) : null}
    </section>
  );
}
