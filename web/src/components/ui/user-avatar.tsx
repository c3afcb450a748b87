import { UserRound } from 'lucide-react';
import { useState } from 'react';

export type UserAvatarProps = {
  /** The profile photo's address; a default avatar shows when it is missing or fails to load. */
  src: string | null | undefined;
  /** Alternative text; leave empty when the name is already next to the avatar. */
  alt?: string;
  /** Size and colour classes of the round frame (default `size-9`). */
  className?: string;
};

/** A round profile photo, or the default avatar (spec §2: "profile photo or default image"). */
export function UserAvatar({ src, alt = '', className = 'size-9' }: UserAvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const showPhoto = Boolean(src) && failed !== src;
  return (
    <span
      className={`inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-slate-200 text-slate-500 ${className}`}
      data-testid="user-avatar"
    >
      {showPhoto ? (
        <img
          src={src ?? undefined}
          alt={alt}
          width={96}
          height={96}
          loading="lazy"
          decoding="async"
          className="size-full object-cover"
          onError={() => setFailed(src ?? null)}
        />
      ) : (
        <UserRound
          className="size-3/5"
          aria-hidden={alt ? undefined : true}
          aria-label={alt || undefined}
          role={alt ? 'img' : undefined}
        />
      )}
    </span>
  );
}
