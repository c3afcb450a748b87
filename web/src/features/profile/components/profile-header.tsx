import type { ProfileView } from '@touchline/shared';
import { BadgeCheck, BriefcaseBusiness, Camera, ImagePlus, MapPin } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { useRef } from 'react';
import { Link } from 'wouter';
import { ACCENTS } from '@/components/layout/role-accent';
import { UserAvatar } from '@/components/ui/user-avatar';
import { capitalize, location } from '../lib/format';
import { IMAGE_ACCEPT } from '../lib/image-file';
import { useImageUpload } from '../lib/use-image-upload';
import { ImageMenu } from './image-menu';
import { SportChips } from './sport-chips';
import { achievementsPath, userPostsPath } from '@/config/paths';
import { IMAGE_WIDTHS, mediaSrcSet } from '@/components/ui/media-srcset';

type ProfileHeaderProps = {
  profile: ProfileView;
  /** The owner's 'Edit profile' button, or someone else's relationship actions. */
  actions: ReactNode;
};

/** Cover, photo, name, badges, bio, location, sports and counts. */
export function ProfileHeader({ profile, actions }: ProfileHeaderProps) {
  const accent = profile.role === 'academy' ? ACCENTS.academy : ACCENTS.player;
  const place = location(profile);
  const isPlayer = profile.role === 'player';
  const counts = [
    isPlayer
      ? { label: 'Friends', value: profile.friends_count ?? 0 }
      : { label: 'Followers', value: profile.followers_count ?? 0 },
    { label: 'Posts', value: profile.post_count, href: userPostsPath(profile.user_id) },
    {
      label: 'Achievements',
      value: profile.achievements_count,
      href: achievementsPath(profile.is_own ? undefined : profile.user_id),
    },
  ];

  return (
    <section className="card overflow-hidden" aria-labelledby="profile-name">
      <Cover profile={profile} gradient={accent.gradient} />
      <div className="px-4 pb-5 sm:px-7 sm:pb-6">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <Photo profile={profile} />
          <div className="flex flex-wrap items-center gap-2 pt-3">{actions}</div>
        </div>

        <div className="mt-3 flex flex-wrap items-center gap-2">
          <h1 id="profile-name" className="text-2xl font-bold tracking-tight text-slate-900">
            {profile.username}
          </h1>
          {profile.role === 'academy' && profile.is_verified ? (
            <span
              className="inline-flex items-center gap-1 rounded-full bg-academy-50 px-2 py-0.5 text-xs font-semibold text-academy-700 ring-1 ring-academy-100"
              title="Licence verified by Touchline"
            >
              <BadgeCheck className="size-4" aria-hidden="true" />
              Verified
            </span>
          ) : null}
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${accent.tile}`}
          >
            {capitalize(profile.role)}
          </span>
          {isPlayer && profile.open_to_work ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-amber-200">
              <BriefcaseBusiness className="size-3.5" aria-hidden="true" />
              Open to Work
            </span>
          ) : null}
        </div>
        {profile.bio ? (
          <p className="mt-2 max-w-2xl text-base leading-relaxed text-slate-700">{profile.bio}</p>
        ) : null}
        <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-600">
          {place ? (
            <span className="inline-flex items-center gap-1.5">
              <MapPin className="size-4 text-slate-400" aria-hidden="true" />
              {place}
            </span>
          ) : null}
          <SportChips sports={profile.sports} />
        </div>

        <dl className="mt-5 grid grid-cols-3 divide-x divide-slate-200 rounded-xl border border-slate-200 bg-slate-50/60 text-center">
          {counts.map((count) => (
            // dt before dd directly in the group (axe: definition-list); a linked count's label
            // is a link stretched over its whole cell.
            <div
              key={count.label}
              className={`relative flex flex-col py-3 ${count.href ? accent.hoverText : ''}`}
            >
              <dt className="text-xs font-medium text-slate-500">
                {count.href ? (
                  <Link href={count.href} className="rounded-lg after:absolute after:inset-0">
                    {count.label}
                  </Link>
                ) : (
                  count.label
                )}
              </dt>
              <dd className="text-xl font-bold text-slate-900">{count.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

function Cover({ profile, gradient }: { profile: ProfileView; gradient: string }) {
  const input = useRef<HTMLInputElement>(null);
  const cover = useImageUpload('cover');
  return (
    <div className="relative">
      <div className={`aspect-[3/1] w-full bg-gradient-to-br ${gradient}`}>
        {profile.cover_photo ? (
          <img
            src={profile.cover_photo}
            srcSet={mediaSrcSet(profile.cover_photo, IMAGE_WIDTHS.cover)}
            sizes="(min-width: 1152px) 1104px, 100vw"
            alt={`Cover of ${profile.username}`}
            width={1500}
            height={500}
            decoding="async"
            className="size-full object-cover"
          />
        ) : (
          <CoverPattern />
        )}
      </div>
      {profile.is_own ? (
        <div className="absolute top-3 right-3">
          <HiddenImageInput
            inputRef={input}
            label="Cover photo file"
            testId="cover-input"
            onFile={(file) => void cover.upload(file)}
          />
          <ImageMenu
            label={profile.cover_photo ? 'Change cover photo' : 'Add cover photo'}
            hasImage={Boolean(profile.cover_photo)}
            onPick={() => input.current?.click()}
            onRemove={() => void cover.remove()}
            disabled={cover.busy}
            align="right"
            triggerClassName="inline-flex items-center gap-1.5 rounded-lg bg-slate-900/60 px-3 py-1.5 text-xs font-semibold text-white backdrop-blur hover:bg-slate-900/75"
            trigger={
              <>
                <ImagePlus className="size-4" aria-hidden="true" />
                <span className="hidden sm:inline">
                  {profile.cover_photo ? 'Change cover' : 'Add cover'}
                </span>
              </>
            }
          />
        </div>
      ) : null}
      <UploadStatus progress={cover.progress} problem={cover.problem} what="cover" />
    </div>
  );
}

function Photo({ profile }: { profile: ProfileView }) {
  const input = useRef<HTMLInputElement>(null);
  const photo = useImageUpload('photo');
  return (
    <div className="relative -mt-12 sm:-mt-16">
      <div className="relative rounded-full bg-white p-1 shadow-md">
        <UserAvatar
          src={profile.profile_photo}
          alt={`Profile photo of ${profile.username}`}
          className="size-24 text-4xl sm:size-32"
        />
        {photo.progress !== null ? (
          <span
            className="absolute inset-1 flex items-center justify-center rounded-full bg-slate-900/55 text-sm font-semibold text-white"
            role="progressbar"
            aria-label="Uploading profile photo"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(photo.progress * 100)}
          >
            {Math.round(photo.progress * 100)}%
          </span>
        ) : null}
      </div>
      {profile.is_own ? (
        <div className="absolute right-0 bottom-1">
          <HiddenImageInput
            inputRef={input}
            label="Profile photo file"
            testId="photo-input"
            onFile={(file) => void photo.upload(file)}
          />
          <ImageMenu
            label={profile.profile_photo ? 'Change profile photo' : 'Add profile photo'}
            hasImage={Boolean(profile.profile_photo)}
            onPick={() => input.current?.click()}
            onRemove={() => void photo.remove()}
            disabled={photo.busy}
            triggerClassName="flex size-9 items-center justify-center rounded-full border-2 border-white bg-slate-800 text-white shadow hover:bg-slate-700"
            trigger={<Camera className="size-4" aria-hidden="true" />}
          />
        </div>
      ) : null}
      {photo.problem ? (
        <p
          role="alert"
          className="absolute top-full left-0 z-10 mt-2 w-64 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 ring-1 ring-red-200"
        >
          {photo.problem}
        </p>
      ) : null}
    </div>
  );
}

function UploadStatus({
  progress,
  problem,
  what,
}: {
  progress: number | null;
  problem: string | null;
  what: string;
}) {
  if (progress !== null) {
    return (
      <div
        className="absolute inset-x-0 bottom-0 h-1.5 bg-slate-900/30"
        role="progressbar"
        aria-label={`Uploading ${what}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(progress * 100)}
      >
        <div className="h-full bg-white transition-all" style={{ width: `${progress * 100}%` }} />
      </div>
    );
  }
  if (problem) {
    return (
      <p
        role="alert"
        className="absolute bottom-3 left-3 rounded-lg bg-red-50 px-3 py-1.5 text-sm text-red-700 ring-1 ring-red-200"
      >
        {problem}
      </p>
    );
  }
  return null;
}

function CoverPattern() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 540 180"
      preserveAspectRatio="xMidYMid slice"
      className="size-full text-white/15"
    >
      <g fill="none" stroke="currentColor" strokeWidth="2">
        <line x1="270" y1="0" x2="270" y2="180" />
        <circle cx="270" cy="90" r="50" />
        <rect x="-10" y="30" width="80" height="120" />
        <rect x="470" y="30" width="80" height="120" />
      </g>
    </svg>
  );
}

/** The file input behind an image menu: opened by the menu, cleared after each pick. */
function HiddenImageInput({
  inputRef,
  label,
  testId,
  onFile,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  label: string;
  testId: string;
  onFile: (file: File) => void;
}) {
  return (
    <input
      ref={inputRef}
      type="file"
      accept={IMAGE_ACCEPT}
      className="sr-only"
      tabIndex={-1}
      aria-label={label}
      data-testid={testId}
      onChange={(event) => {
        const file = event.target.files?.[0];
        event.target.value = '';
        if (file) onFile(file);
      }}
    />
  );
}
