/** Guardians and consent (supplement §14): the consent page, the guardian login and home. */
export { ConsentFlow } from './components/consent-flow';
export { GuardianHome } from './components/guardian-home';
export { GuardianLogin } from './components/guardian-login';
