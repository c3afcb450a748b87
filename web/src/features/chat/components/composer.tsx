import { ImagePlus, SendHorizontal, X } from 'lucide-react';
import type { ChangeEvent, FormEvent, KeyboardEvent } from 'react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { CHAT_LIMITS, CHAT_MESSAGES } from '@touchline/shared';
import { IMAGE_ACCEPT, imageProblem } from '../lib/image-file';
import { draftOf, setDraft } from '../stores/drafts';

type ComposerProps = {
  /** Whose draft in which conversation (kept while the user looks elsewhere). */
  draftKey: string;
  onSend: (text: string, image: File | null) => void;
  /** Called on every keystroke that changes the text (the typing signal is throttled). */
  onTyping: () => void;
  /** The accent of the send button ('bg-brand-600 …' for players). */
  accentClassName: string;
};

/**
 * Writes a message: Enter sends, Shift+Enter starts a new line; 'Attach image' adds one picture,
 * shown as a preview with 'Remove image'. At most 2000 characters (the count shows near the end).
 */
export function Composer({ draftKey, onSend, onTyping, accentClassName }: ComposerProps) {
  const [text, setTextState] = useState(() => draftOf(draftKey));
  const setText = (next: string) => {
    setTextState(next);
    setDraft(draftKey, next);
  };
  const [image, setImage] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const problemId = useId();
  const preview = usePreviewUrl(image);

  const tooLong = text.length > CHAT_LIMITS.textMax;
  const empty = text.trim() === '' && !image;
  const shownProblem = tooLong ? CHAT_MESSAGES.tooLong : problem;

  useEffect(() => {
    // Opening a conversation on a desktop puts the cursor in the composer; a phone would open
    // its keyboard over the conversation, so it waits for a tap.
    if (
      typeof window.matchMedia === 'function' &&
      window.matchMedia('(min-width: 768px)').matches
    ) {
      textarea.current?.focus();
    }
  }, []);

  useEffect(() => {
    const element = textarea.current;
    if (!element) return;
    // Grows with the text up to about six lines, then scrolls.
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, 160)}px`;
  }, [text]);

  const submit = () => {
    if (empty || tooLong) {
      if (empty) setProblem(CHAT_MESSAGES.empty);
      return;
    }
    onSend(text.trim(), image);
    setText('');
    setImage(null);
    setProblem(null);
    textarea.current?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  const onChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    setText(event.target.value);
    setProblem(null);
    if (event.target.value.trim() !== '') onTyping();
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!file) return;
    const why = imageProblem(file);
    setProblem(why);
    if (!why) setImage(file);
  };

  const left = CHAT_LIMITS.textMax - text.length;

  return (
    <form
      onSubmit={onSubmit}
      className="border-t border-slate-200 bg-white px-3 py-2 sm:px-4 sm:py-3"
    >
      {image ? (
        <div className="mb-2 flex items-start gap-2">
          <div className="relative">
            <img
              src={preview ?? undefined}
              alt="Selected image"
              className="h-20 w-20 rounded-lg border border-slate-200 bg-slate-100 object-cover"
            />
            <button
              type="button"
              aria-label="Remove image"
              onClick={() => {
                setImage(null);
                fileInput.current?.focus();
              }}
              className="absolute -top-2 -right-2 flex size-6 items-center justify-center rounded-full bg-slate-900 text-white shadow hover:bg-slate-700"
            >
              <X aria-hidden="true" className="size-3.5" />
            </button>
          </div>
        </div>
      ) : null}
      <div className="flex items-end gap-2">
        <label
          title="Attach image"
          className="flex size-10 shrink-0 cursor-pointer items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-current"
        >
          <ImagePlus aria-hidden="true" className="size-5" />
          <input
            ref={fileInput}
            type="file"
            accept={IMAGE_ACCEPT}
            aria-label="Attach image"
            onChange={onPick}
            className="sr-only"
          />
        </label>
        <textarea
          ref={textarea}
          value={text}
          onChange={onChange}
          onKeyDown={onKeyDown}
          rows={1}
          aria-label="Message"
          aria-invalid={tooLong || undefined}
          aria-describedby={shownProblem ? problemId : undefined}
          placeholder="Write a message…"
          className="max-h-40 min-h-10 flex-1 resize-none rounded-2xl border border-slate-300 bg-slate-50 px-4 py-2 text-[0.9375rem] leading-6 text-slate-900 placeholder:text-slate-400 focus:border-slate-400 focus:bg-white focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
        />
        <button
          type="submit"
          aria-label="Send"
          disabled={empty || tooLong}
          className={`flex size-10 shrink-0 items-center justify-center rounded-full text-white shadow-sm transition disabled:cursor-not-allowed disabled:opacity-40 ${accentClassName}`}
        >
          <SendHorizontal aria-hidden="true" className="size-5" />
        </button>
      </div>
      {shownProblem || left < 100 ? (
        <div className="mt-1 flex justify-between gap-3 px-1 text-xs">
          <p id={problemId} role={shownProblem ? 'alert' : undefined} className="text-red-600">
            {shownProblem}
          </p>
          {left < 100 ? (
            <span className={left < 0 ? 'text-red-600' : 'text-slate-500'}>{left}</span>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}

/** An object URL for the chosen picture (made when chosen, revoked when replaced or unmounted). */
function usePreviewUrl(file: File | null): string | null {
  const url = useMemo(
    () => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null),
    [file],
  );
  useEffect(() => {
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [url]);
  return url;
}
