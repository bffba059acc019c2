export { PlanScreen as PlanTab } from '../billing/index.ts';
