export { AddTrialScreen } from './components/add-trial-screen';
export { AcademyTrialListScreen } from './components/academy-trial-list-screen';
export { AcademyTrialDetailsScreen } from './components/academy-trial-details-screen';
export { EvaluationScreen } from './components/evaluation-screen';
