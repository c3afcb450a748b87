export { ProfileScreen } from './components/profile-screen';
export { AchievementsScreen } from './components/achievements-screen';
export { ExperienceScreen } from './components/experience-screen';
