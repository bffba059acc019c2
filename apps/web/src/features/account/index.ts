// The account feature's public surface (profile page and its tabs). Other features import only this.
export const loadProfilePage = () => import('./ProfilePage.tsx');
export { PaymentTab } from './PaymentTab.tsx';
export { PlanTab } from './PlanTab.tsx';
