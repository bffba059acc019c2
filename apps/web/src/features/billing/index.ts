// The billing feature's public surface: the plan and payment screens the profile tabs show.
export { PaymentCompleteModal } from './PaymentCompleteModal.tsx';
export { PaymentScreen } from './PaymentScreen.tsx';
export { PlanScreen } from './PlanScreen.tsx';
