export { PaymentScreen as PaymentTab } from '../billing/PaymentScreen.tsx';
