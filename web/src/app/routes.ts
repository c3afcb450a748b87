import type { ComponentType } from 'react';
import { lazy } from 'react';
import type { RouteAccess } from '@touchline/shared';
import { signedInTargetFor } from '@/config/paths';

/**
 * Every path of the product (spec §2) with who may open it — the one route table. A `screen` of
 * `null` is not built yet and shows the 404 page, but only after the guard ran: a protected path
 * still sends a signed-out visitor to the login of its area.
 *
 * Access: `public-only` pages send a signed-in user to `signedInTarget` (history replaced);
 * `public` pages are open to everyone; `player`, `academy`, `admin` need that role; `both` needs a
 * player or an academy (an administrator gets /unauthenticated).
 */
export type RouteParams = Record<string, string | undefined>;
export type ScreenProps = { params: RouteParams };
export type Screen = ComponentType<ScreenProps>;

export type AppRoute = {
  path: string;
  access: RouteAccess;
  screen: Screen | null;
  /** Document title (the spec's label where it gives one). */
  title: string;
  /** `public-only`: where a signed-in user is sent instead. */
  signedInTarget?: string;
};

const publicOnly = (path: string, title: string, screen: Screen | null = null): AppRoute => ({
  path,
  title,
  access: 'public-only',
  screen,
  signedInTarget: signedInTargetFor(path),
});

const route = (
  path: string,
  access: RouteAccess,
  title: string,
  screen: Screen | null = null,
): AppRoute => ({ path, access, title, screen });

const UnauthenticatedPage = lazy(() => import('./pages/unauthenticated-page'));
const SamplePage = lazy(() => import('./pages/sample-page'));
const DevMailboxPage = lazy(() => import('./pages/dev-mailbox-page'));
const LoginPage = lazy(() => import('./pages/auth/login-page'));
const SignupPage = lazy(() => import('./pages/auth/signup-page'));
const OtpVerificationPage = lazy(() => import('./pages/auth/otp-verification-page'));
const ForgetPasswordPage = lazy(() => import('./pages/auth/forget-password-page'));
const ResetPasswordPage = lazy(() => import('./pages/auth/reset-password-page'));
const WelcomePage = lazy(() => import('./pages/auth/welcome-page'));
const AcademyLoginPage = lazy(() => import('./pages/auth/academy-login-page'));
const AcademySignupPage = lazy(() => import('./pages/auth/academy-signup-page'));
const AdminLoginPage = lazy(() => import('./pages/auth/admin-login-page'));
const PlayerHomePage = lazy(() => import('./pages/home/player-home-page'));
const AcademyHomePage = lazy(() => import('./pages/home/academy-home-page'));
const AdminHomePage = lazy(() => import('./pages/admin/admin-home-page'));
const AdminAcademiesPage = lazy(() => import('./pages/admin/admin-academies-page'));
const AdminPlayersPage = lazy(() => import('./pages/admin/admin-players-page'));
const AdminTrialsPage = lazy(() => import('./pages/admin/admin-trials-page'));
const AdminAccountsPage = lazy(() => import('./pages/admin/admin-accounts-page'));
const AdminReportsPage = lazy(() => import('./pages/admin/admin-reports-page'));
const AdminAuditPage = lazy(() => import('./pages/admin/admin-audit-page'));
const AdminQueuesPage = lazy(() => import('./pages/admin/admin-queues-page'));
const AdminChatPage = lazy(() => import('./pages/admin/admin-chat-page'));
const AdminConsentsPage = lazy(() => import('./pages/admin/admin-consents-page'));
const FriendsPage = lazy(() => import('./pages/social/friends-page'));
const FollowingPage = lazy(() => import('./pages/social/following-page'));
const FriendRequestsPage = lazy(() => import('./pages/social/friend-requests-page'));
const SentRequestsPage = lazy(() => import('./pages/social/sent-requests-page'));
const SearchPage = lazy(() => import('./pages/social/search-page'));
const NotificationPage = lazy(() => import('./pages/social/notification-page'));
const ChatPage = lazy(() => import('./pages/chat/chat-page'));
const ProfilePage = lazy(() => import('./pages/profile/profile-page'));
const AcademyProfilePage = lazy(() => import('./pages/profile/academy-profile-page'));
const AchievementsPage = lazy(() => import('./pages/profile/achievements-page'));
const ExperiencePage = lazy(() => import('./pages/profile/experience-page'));
const UserPostsPage = lazy(() => import('./pages/posts/user-posts-page'));
const PostDetailsPage = lazy(() => import('./pages/posts/post-details-page'));
const ListTrialsPage = lazy(() => import('./pages/trials/list-trials-page'));
const TrialDetailsPage = lazy(() => import('./pages/trials/trial-details-page'));
const RegisterTrialPage = lazy(() => import('./pages/trials/register-trial-page'));
const TrialHistoryPage = lazy(() => import('./pages/trials/trial-history-page'));
const PaymentOutcomePage = lazy(() => import('./pages/trials/payment-outcome-page'));
const SandboxCheckoutPage = lazy(() => import('./pages/trials/sandbox-checkout-page'));
const AddTrialPage = lazy(() => import('./pages/academy/add-trial-page'));
const AcademyTrialsPage = lazy(() => import('./pages/academy/academy-trials-page'));
const AcademyTrialDetailsPage = lazy(() => import('./pages/academy/academy-trial-details-page'));
const AcademyEvaluationPage = lazy(() => import('./pages/academy/academy-evaluation-page'));
const SettingsPage = lazy(() => import('./pages/settings/settings-page'));
const NotificationSettingsPage = lazy(() => import('./pages/settings/notification-settings-page'));
const GuardianConsentPage = lazy(() => import('./pages/guardian/guardian-consent-page'));
const GuardianLoginPage = lazy(() => import('./pages/guardian/guardian-login-page'));
const GuardianHomePage = lazy(() => import('./pages/guardian/guardian-home-page'));

export const routes: readonly AppRoute[] = [
  // Player area: public-only pages (a signed-in user goes to /home).
  publicOnly('/', 'Log in', LoginPage),
  publicOnly('/signup', 'Sign up', SignupPage),
  publicOnly('/otp_verification', 'Verify your e-mail', OtpVerificationPage),
  publicOnly('/forget_password', 'Forgot password', ForgetPasswordPage),
  publicOnly('/reset_password', 'Reset password', ResetPasswordPage),

  // Player only.
  route('/home', 'player', 'Home', PlayerHomePage),
  route('/welcome', 'player', 'Welcome', WelcomePage),
  route('/view_experience', 'player', 'Experience', ExperiencePage),
  route('/list_trials', 'player', 'Trials', ListTrialsPage),
  route('/trial_details/:id', 'player', 'Trial details', TrialDetailsPage),
  route('/register_trial/:id', 'player', 'Register for trial', RegisterTrialPage),
  route('/payment_success', 'payer', 'Payment successful', PaymentOutcomePage),
  route('/payment_failed', 'payer', 'Payment failed', PaymentOutcomePage),
  route('/trial_history', 'player', 'View Joined Trials', TrialHistoryPage),
  // The embedded payment provider's checkout (supplement §6): the payer is a player, or a
  // guardian paying for a child's trial (decision 42).
  route('/sandbox/checkout/:reference', 'payer', 'Sandbox checkout', SandboxCheckoutPage),
  route('/friends', 'player', 'Friends', FriendsPage),
  route('/following', 'player', 'Following', FollowingPage),
  route('/friend_request_list', 'player', 'Friend requests', FriendRequestsPage),
  route('/sent_request_list', 'player', 'Sent requests', SentRequestsPage),

  // Player and academy.
  route('/profile/:userId?', 'both', 'Profile', ProfilePage),
  route('/view_achievements', 'both', 'Achievements', AchievementsPage),
  route('/search', 'both', 'Search', SearchPage),
  route('/view_posts/:userId?', 'both', 'Posts', UserPostsPage),
  route('/view_post_details/:postId', 'both', 'Post', PostDetailsPage),
  route('/chat/:threadName?', 'both', 'Messages', ChatPage),
  route('/notification', 'both', 'Notifications', NotificationPage),
  route('/settings', 'both', 'Settings', SettingsPage),
  route('/settings/notifications', 'both', 'Notification settings', NotificationSettingsPage),

  // Academy area.
  publicOnly('/academy/login', 'Academy log in', AcademyLoginPage),
  publicOnly('/academy/signup', 'Academy sign up', AcademySignupPage),
  route('/academy/home', 'academy', 'Home', AcademyHomePage),
  route('/academy/profile/:userId?', 'both', 'Academy profile', AcademyProfilePage),
  route('/academy/add_trial', 'academy', 'Add trial', AddTrialPage),
  route('/academy/list_trials', 'academy', 'Trials', AcademyTrialsPage),
  route('/academy/trial_details/:id', 'academy', 'Trial details', AcademyTrialDetailsPage),
  route('/academy/evaluation/:id', 'academy', 'Evaluate', AcademyEvaluationPage),

  // Admin area.
  publicOnly('/admin/login', 'Admin log in', AdminLoginPage),
  route('/admin/home', 'admin', 'Admin', AdminHomePage),
  route('/admin/academyview', 'admin', 'Academies', AdminAcademiesPage),
  route('/admin/playerview', 'admin', 'Players', AdminPlayersPage),
  route('/admin/trialview', 'admin', 'Trials', AdminTrialsPage),
  route('/admin/accounts', 'admin', 'Accounts', AdminAccountsPage),
  route('/admin/reports', 'admin', 'Reports', AdminReportsPage),
  route('/admin/audit', 'admin', 'Audit log', AdminAuditPage),
  route('/admin/consents', 'admin', 'Consents', AdminConsentsPage),
  route('/admin/queues', 'admin', 'Queues', AdminQueuesPage),
  // Supplement §7: an administrator messages anyone (/chat is the players' and academies').
  route('/admin/chat/:threadName?', 'admin', 'Messages', AdminChatPage),

  // Guardian area (supplement §14): the consent link works signed in or out.
  publicOnly('/guardian/login', 'Guardian log in', GuardianLoginPage),
  route('/guardian/home', 'guardian', 'Your children', GuardianHomePage),
  route('/guardian/consent/:token', 'public', 'Consent', GuardianConsentPage),

  // Open to everyone.
  route('/unauthenticated', 'public', 'Authentication Error', UnauthenticatedPage),
  route('/sample', 'public', 'Sample', SamplePage),
  route('/dev/mailbox', 'public', 'Development mailbox', DevMailboxPage),
];
