export { AdminScreen as AdminTab } from '../admin/AdminScreen.tsx';
