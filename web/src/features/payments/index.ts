export { PaymentOutcomeScreen } from './components/payment-outcome-screen';
export { SandboxCheckoutScreen } from './components/sandbox-checkout-screen';
