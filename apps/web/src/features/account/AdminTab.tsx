export { AdminScreen as AdminTab } from '../admin/index.ts';
