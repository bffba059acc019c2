// The palette feature's public surface: the command palette (fetched on the first Ctrl/Cmd+K) and the
// dashboard's source of its commands (rendered by the dashboard page).
export const loadCommandPalette = () => import('./CommandPalette.tsx');
export { DashboardCommandSource } from './DashboardCommandSource.tsx';
