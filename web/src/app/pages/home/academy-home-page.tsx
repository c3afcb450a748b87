import { Bell, Building2, MessageCircle, Plus, Search, Trophy } from 'lucide-react';
import { PageContainer } from '../../../components/layout/page-container';
import { ACCENTS } from '../../../components/layout/role-accent';
import type { Shortcut } from './shortcut-grid';
import { ShortcutGrid } from './shortcut-grid';
import { WelcomeCard } from './welcome-card';

const SHORTCUTS: readonly Shortcut[] = [
  {
    title: 'Your trials',
    description: 'Manage the trials you have published and who joined them.',
    href: '/academy/list_trials',
    icon: Trophy,
  },
  {
    title: 'Publish a trial',
    description: 'Open a new trial for players to register for.',
    href: '/academy/add_trial',
    icon: Plus,
  },
  {
    title: 'Messages',
    description: 'Stay in touch with players and other academies.',
    href: '/chat',
    icon: MessageCircle,
  },
  {
    title: 'Academy profile',
    description: 'How players and other academies see you.',
    href: '/academy/profile',
    icon: Building2,
  },
  {
    title: 'Find players',
    description: 'Search players, academies and trials by name.',
    href: '/search',
    icon: Search,
  },
  {
    title: 'Notifications',
    description: 'Registrations, messages and updates on your posts.',
    href: '/notification',
    icon: Bell,
  },
];

/** `/academy/home` until the feed lands: a greeting and the way into each area. */
export default function AcademyHomePage() {
  const accent = ACCENTS.academy;
  return (
    <PageContainer>
      <WelcomeCard role="academy" />
      <ShortcutGrid
        heading="Jump back in"
        shortcuts={SHORTCUTS}
        tile={accent.tile}
        hoverText={accent.hoverText}
      />
    </PageContainer>
  );
}
