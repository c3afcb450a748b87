export { TrialListScreen } from './components/trial-list-screen';
export { TrialDetailsScreen } from './components/trial-details-screen';
export { RegisterTrialScreen } from './components/register-trial-screen';
export { TrialHistoryScreen } from './components/trial-history-screen';
