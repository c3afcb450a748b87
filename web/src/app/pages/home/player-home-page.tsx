import { Bell, CalendarCheck, MessageCircle, Trophy, UserRound, Users } from 'lucide-react';
import { PageContainer } from '../../../components/layout/page-container';
import { ACCENTS } from '../../../components/layout/role-accent';
import type { Shortcut } from './shortcut-grid';
import { ShortcutGrid } from './shortcut-grid';
import { WelcomeCard } from './welcome-card';

const SHORTCUTS: readonly Shortcut[] = [
  {
    title: 'Browse trials',
    description: 'Find open trials from academies across Nigeria.',
    href: '/list_trials',
    icon: Trophy,
  },
  {
    title: 'View Joined Trials',
    description: 'Keep track of the trials you have registered for.',
    href: '/trial_history',
    icon: CalendarCheck,
  },
  {
    title: 'Friends',
    description: 'Your friends, friend requests and the people you follow.',
    href: '/friends',
    icon: Users,
  },
  {
    title: 'Messages',
    description: 'Pick up your conversations with players and academies.',
    href: '/chat',
    icon: MessageCircle,
  },
  {
    title: 'Your profile',
    description: 'Your details, position and achievements.',
    href: '/profile',
    icon: UserRound,
  },
  {
    title: 'Notifications',
    description: 'Likes, comments, requests and trial updates.',
    href: '/notification',
    icon: Bell,
  },
];

/** `/home` for players until the feed lands: a greeting and the way into each area. */
export default function PlayerHomePage() {
  const accent = ACCENTS.player;
  return (
    <PageContainer>
      <WelcomeCard role="player" />
      <ShortcutGrid
        heading="Jump back in"
        shortcuts={SHORTCUTS}
        tile={accent.tile}
        hoverText={accent.hoverText}
      />
    </PageContainer>
  );
}
