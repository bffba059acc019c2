export { PaymentScreen as PaymentTab } from '../billing/index.ts';
