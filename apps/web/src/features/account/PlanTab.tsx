export { PlanScreen as PlanTab } from '../billing/PlanScreen.tsx';
