export { AdminHomeScreen } from './home/home-screen';
export { AdminAcademiesScreen } from './academies/academies-screen';
export { AdminPlayersScreen } from './players/players-screen';
export { AdminTrialsScreen } from './trials/trials-screen';
export { AdminAccountsScreen } from './accounts/accounts-screen';
export { AdminReportsScreen } from './reports/reports-screen';
export { AdminAuditScreen } from './audit/audit-screen';
export { AdminQueuesScreen } from './queues/queues-screen';
