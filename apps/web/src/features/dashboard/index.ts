// The dashboard feature's public surface: the page (lazy), the widget registry and pop-out channel.
export const loadDashboardPage = () => import('./DashboardPage.tsx');
export { FeedBadge } from './FeedBadge.tsx';
export { type ClosingMessage, openPopoutChannel, POPOUT_CHANNEL } from './popouts.ts';
export { WIDGETS } from './widgetRegistry.ts';
