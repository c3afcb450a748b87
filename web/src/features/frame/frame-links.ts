import type { LucideIcon } from 'lucide-react';
import {
  CalendarCheck,
  House,
  MessageCircle,
  Settings,
  Trophy,
  UserRound,
  Users,
} from 'lucide-react';
import type { AccentRole } from '@/components/layout/role-accent';
import { ROLE_HOME } from '@/config/paths';

/** Where the frame's links go for each role (spec §2, "Player links…"). */
export type FrameLink = {
  label: string;
  href: string;
  icon: LucideIcon;
  /** Paths (and everything under them) on which the link counts as the current one. */
  activeOn: readonly string[];
  /** Only the path itself counts (a profile link is not current on someone else's profile). */
  exact?: boolean;
  /** Carries a count in its badge and accessible name: Messages the unread chat total. */
  counts?: 'chat-unread';
};

const home = (role: AccentRole): FrameLink => ({
  label: 'Home',
  href: ROLE_HOME[role],
  icon: House,
  activeOn: [ROLE_HOME[role]],
});

const trials: Record<AccentRole, FrameLink> = {
  player: {
    label: 'Trials',
    href: '/list_trials',
    icon: Trophy,
    activeOn: ['/list_trials', '/trial_details', '/register_trial', '/trial_history'],
  },
  academy: {
    label: 'Trials',
    href: '/academy/list_trials',
    icon: Trophy,
    activeOn: ['/academy/list_trials', '/academy/add_trial', '/academy/trial_details'],
  },
};

const friends: FrameLink = {
  label: 'Friends',
  href: '/friends',
  icon: Users,
  activeOn: ['/friends', '/following', '/friend_request_list', '/sent_request_list'],
};

const messages: FrameLink = {
  label: 'Messages',
  href: '/chat',
  icon: MessageCircle,
  activeOn: ['/chat'],
  counts: 'chat-unread',
};

/** Top bar: Home, Trials, Friends (players only), Messages. */
export function topLinksFor(role: AccentRole): FrameLink[] {
  return role === 'player'
    ? [home(role), trials.player, friends, messages]
    : [home(role), trials.academy, messages];
}

/** Mobile bottom bar: Home, Trials, Messages, then Friends (players) or Profile (academies). */
export function bottomTabsFor(role: AccentRole): FrameLink[] {
  const last: FrameLink =
    role === 'player'
      ? friends
      : {
          label: 'Profile',
          href: '/academy/profile',
          icon: UserRound,
          activeOn: ['/academy/profile'],
          exact: true,
        };
  return [home(role), trials[role], messages, last];
}

/**
 * The account drop-down: View Profile, View Joined Trials (players only), Settings ('Your data').
 * Logout follows.
 */
export function accountLinksFor(
  role: AccentRole,
): { label: string; href: string; icon: LucideIcon }[] {
  return role === 'player'
    ? [
        { label: 'View Profile', href: '/profile', icon: UserRound },
        { label: 'View Joined Trials', href: '/trial_history', icon: CalendarCheck },
        { label: 'Settings', href: '/settings', icon: Settings },
      ]
    : [
        { label: 'View Profile', href: '/academy/profile', icon: UserRound },
        { label: 'Settings', href: '/settings', icon: Settings },
      ];
}

export function isLinkActive(link: FrameLink, path: string): boolean {
  return link.activeOn.some((base) =>
    link.exact ? path === base : path === base || path.startsWith(`${base}/`),
  );
}

/** 'Messages, 3 unread' while there is something unread, else just the label. */
export function linkName(link: FrameLink, unread: number): string {
  return unread > 0 ? `${link.label}, ${unread} unread` : link.label;
}
