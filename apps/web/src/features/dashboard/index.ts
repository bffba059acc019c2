// The dashboard feature's public surface: the page (lazy), the widget registry and pop-out channel.
export const loadDashboardPage = () => import('./DashboardPage.tsx');
export { type ClosingMessage, openPopoutChannel, POPOUT_CHANNEL } from './popouts.ts';
export { SimulatedBadge } from './SimulatedBadge.tsx';
export { WIDGETS } from './widgetRegistry.ts';
