export { AcademyDashboardScreen } from './components/dashboard-screen';
