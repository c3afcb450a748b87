import { ImageIcon, Video, X } from 'lucide-react';
import { useRef } from 'react';
import type { MediaKind } from '../lib/media-file';
import { ACCEPT } from '../lib/media-file';

/** A chosen file with the object URL of its preview (released in the handlers that drop it). */
export type Preview = { kind: MediaKind; file: File; url: string };

const PICKER = {
  image: { label: 'Photo', name: 'Add a photo', icon: ImageIcon, tint: 'text-sky-600' },
  video: { label: 'Video', name: 'Add a video', icon: Video, tint: 'text-emerald-600' },
} as const;

/** A button that opens the file chooser for one kind of media. */
export function FilePicker({
  kind,
  onFile,
  disabled,
  className = '',
}: {
  kind: MediaKind;
  onFile: (file: File | undefined) => void;
  disabled?: boolean;
  className?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const { label, name, icon: Icon, tint } = PICKER[kind];
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={ACCEPT[kind]}
        className="sr-only"
        tabIndex={-1}
        aria-label={`${label} file`}
        data-testid={`${kind}-input`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          onFile(file);
        }}
      />
      <button
        type="button"
        aria-label={name}
        disabled={disabled}
        onClick={() => input.current?.click()}
        className={`inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold text-slate-600 transition-colors hover:bg-slate-100 disabled:opacity-60 ${className}`}
      >
        <Icon className={`size-5 ${tint}`} aria-hidden="true" />
        {label}
      </button>
    </>
  );
}

/** The chosen photo or video, its name and size, and a button to remove it. */
export function MediaPreview({
  media,
  onRemove,
  disabled,
}: {
  media: Preview;
  onRemove: () => void;
  disabled: boolean;
}) {
  const { url } = media;
  const what = media.kind === 'image' ? 'photo' : 'video';
  return (
    <div className="relative mt-3 overflow-hidden rounded-xl border border-slate-200 bg-slate-100">
      {media.kind === 'image' ? (
        <img
          src={url}
          alt="Preview of the chosen photo"
          className="mx-auto max-h-60 object-contain sm:max-h-72"
        />
      ) : null}
      {media.kind === 'video' ? (
        <video
          src={url}
          aria-label="Preview of the chosen video"
          className="mx-auto max-h-60 w-full bg-slate-950 object-contain sm:max-h-72"
          controls
          muted
          playsInline
          preload="metadata"
        />
      ) : null}
      <p className="truncate border-t border-slate-200 bg-white px-3 py-1.5 text-xs text-slate-500">
        {media.file.name} · {formatSize(media.file.size)}
      </p>
      <button
        type="button"
        onClick={onRemove}
        disabled={disabled}
        aria-label={`Remove ${what}`}
        className="absolute top-2 right-2 flex size-8 items-center justify-center rounded-full bg-slate-900/70 text-white backdrop-blur hover:bg-slate-900/85"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}

function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
