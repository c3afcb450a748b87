import type { LucideIcon } from 'lucide-react';
import {
  BadgeCheck,
  Bell,
  CalendarCheck,
  ClipboardList,
  Heart,
  Info,
  MessageCircle,
  MessageSquare,
  Newspaper,
  Reply,
  Trophy,
  UserCheck,
  UserPlus,
  UserRoundPlus,
} from 'lucide-react';

/** The icon and colour of each notification kind (supplement §8). Unknown kinds get a bell. */
const KINDS: Record<string, { icon: LucideIcon; tone: string }> = {
  friend_request: { icon: UserPlus, tone: 'bg-brand-600' },
  friend_accepted: { icon: UserCheck, tone: 'bg-brand-600' },
  follow: { icon: UserRoundPlus, tone: 'bg-academy-600' },
  like: { icon: Heart, tone: 'bg-rose-500' },
  comment: { icon: MessageSquare, tone: 'bg-sky-600' },
  reply: { icon: Reply, tone: 'bg-sky-600' },
  new_post: { icon: Newspaper, tone: 'bg-slate-600' },
  new_trial: { icon: Trophy, tone: 'bg-amber-500' },
  trial_registration: { icon: ClipboardList, tone: 'bg-amber-500' },
  registration_update: { icon: CalendarCheck, tone: 'bg-amber-500' },
  academy_review: { icon: BadgeCheck, tone: 'bg-academy-600' },
  message: { icon: MessageCircle, tone: 'bg-sky-600' },
  system: { icon: Info, tone: 'bg-slate-600' },
};

export function NotificationIcon({ kind }: { kind: string }) {
  const { icon: Icon, tone } = KINDS[kind] ?? { icon: Bell, tone: 'bg-slate-500' };
  return (
    <span
      data-kind={kind}
      aria-hidden="true"
      className={`absolute -right-1 -bottom-1 flex size-5 items-center justify-center rounded-full text-white ring-2 ring-white ${tone}`}
    >
      <Icon className="size-3" strokeWidth={2.5} />
    </span>
  );
}
