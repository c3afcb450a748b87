import type { LucideIcon } from 'lucide-react';
import { Building2, LayoutDashboard, ShieldCheck, Trophy, Users } from 'lucide-react';

export type AdminLink = { label: string; href: string; icon: LucideIcon; description: string };

/** The admin area's sections (spec §2, "Admin area"). */
export const ADMIN_LINKS: readonly AdminLink[] = [
  {
    label: 'Home',
    href: '/admin/home',
    icon: LayoutDashboard,
    description: 'Overview of the admin area.',
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
    description: 'Look up players and their profiles.',
  },
  {
    label: 'Trials',
    href: '/admin/trialview',
    icon: Trophy,
    description: 'See every trial academies have published.',
  },
  {
    label: 'Accounts',
    href: '/admin/accounts',
    icon: ShieldCheck,
    description: 'Block or restore accounts.',
  },
];
