import { DEFAULT_AVATAR_URL } from '@touchline/shared';
import { SendHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Spinner } from '@/components/ui/spinner';
import { UserAvatar } from '@/components/ui/user-avatar';
import { session } from '@/lib/session';

type CommentFormProps = {
  placeholder: 'Write a comment...' | 'Write a reply...';
  /** Sends the text; answers whether it was saved (the box then clears). */
  onSubmit: (content: string) => Promise<boolean>;
  /** The reply form's Cancel; a comment form has none. */
  onCancel?: () => void;
  autoFocus?: boolean;
  /** The accessible name of the send button. */
  sendLabel: string;
};

/**
 * A comment or reply box: Enter sends (Shift+Enter breaks the line), the box grows with the text,
 * and it clears once the text was saved. Empty text is handed on too — the thread says why it
 * is not sent.
 */
export function CommentForm({
  placeholder,
  onSubmit,
  onCancel,
  autoFocus = false,
  sendLabel,
}: CommentFormProps) {
  const { profile_photo } = useSnapshot(session);
  const [content, setContent] = useState('');
  const [sending, setSending] = useState(false);
  const inputId = useId();

  const submit = async () => {
    if (sending) return;
    setSending(true);
    try {
      if (await onSubmit(content)) setContent('');
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      noValidate
      className="flex items-start gap-2.5"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <UserAvatar
        src={profile_photo || DEFAULT_AVATAR_URL}
        className={onCancel ? 'mt-0.5 size-7' : 'mt-0.5 size-8'}
      />
      <div className="min-w-0 flex-1">
        <label htmlFor={inputId} className="sr-only">
          {placeholder.replace('...', '')}
        </label>
        <div className="flex items-end gap-1 rounded-2xl border border-slate-200 bg-slate-50 py-1 pr-1 pl-3.5 transition-colors focus-within:border-slate-300 focus-within:bg-white focus-within:ring-2 focus-within:ring-slate-200">
          <textarea
            id={inputId}
            value={content}
            onChange={(event) => setContent(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                void submit();
              }
              if (event.key === 'Escape' && onCancel) {
                event.preventDefault();
                onCancel();
              }
            }}
            placeholder={placeholder}
            rows={1}
            autoFocus={autoFocus}
            className="field-sizing-content max-h-40 min-h-8 flex-1 resize-none bg-transparent py-1.5 text-sm text-slate-900 placeholder:text-slate-400 focus:outline-none"
          />
          <button
            type="submit"
            aria-label={sendLabel}
            disabled={sending}
            className="flex size-8 shrink-0 items-center justify-center rounded-full text-slate-500 transition-colors hover:bg-slate-200 hover:text-slate-800 disabled:opacity-60"
          >
            {sending ? <Spinner /> : <SendHorizontal className="size-4" aria-hidden="true" />}
          </button>
        </div>
        {onCancel ? (
          <button
            type="button"
            onClick={onCancel}
            className="mt-1 ml-3 text-xs font-semibold text-slate-500 hover:text-slate-700"
          >
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
