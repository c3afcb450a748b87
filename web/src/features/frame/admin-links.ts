import type { LucideIcon } from 'lucide-react';
import {
  Building2,
  Flag,
  Layers,
  LayoutDashboard,
  MessageCircle,
  ScrollText,
  ShieldCheck,
  Trophy,
  Users,
  Wallet,
} from 'lucide-react';

export type AdminLink = {
  label: string;
  href: string;
  icon: LucideIcon;
  description: string;
  /** Carries the unread chat total in its badge and accessible name ('Messages, 3 unread'). */
  counts?: 'chat-unread';
};

/** The admin area's sections (spec §2, "Admin area"). */
export const ADMIN_LINKS: readonly AdminLink[] = [
  {
    label: 'Home',
    href: '/admin/home',
    icon: LayoutDashboard,
    description: 'Totals, this week and the latest sign-ups and trials.',
  },
  {
    label: 'Academies',
    href: '/admin/academyview',
    icon: Building2,
    description: 'Review academies, their licences and verification.',
  },
  {
    label: 'Players',
    href: '/admin/playerview',
    icon: Users,
    description: 'Look up players, block them or correct a date of birth.',
  },
  {
    label: 'Trials',
    href: '/admin/trialview',
    icon: Trophy,
    description: 'See every trial academies have published, cancel one.',
  },
  {
    label: 'Accounts',
    href: '/admin/accounts',
    icon: Wallet,
    description: 'Takings, refunds and net per academy, as CSV too.',
  },
  {
    label: 'Reports',
    href: '/admin/reports',
    icon: Flag,
    description: 'Reported posts and comments, minors first.',
  },
  {
    label: 'Messages',
    href: '/admin/chat',
    icon: MessageCircle,
    description: 'Conversations with players and academies.',
    counts: 'chat-unread',
  },
  {
    label: 'Consents',
    href: '/admin/consents',
    icon: ShieldCheck,
    description: "Children awaiting a guardian's consent, and the consent ledger.",
  },
  {
    label: 'Audit log',
    href: '/admin/audit',
    icon: ScrollText,
    description: 'Who did what to whom, when and why.',
  },
  {
    label: 'Queues',
    href: '/admin/queues',
    icon: Layers,
    description: 'Background jobs: counts, failures, retry.',
  },
];

/** The link is the current section on its path and everything under it (`/admin/chat/<thread>`). */
export function isAdminLinkActive(link: AdminLink, path: string): boolean {
  return path === link.href || path.startsWith(`${link.href}/`);
}
