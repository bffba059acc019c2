// The palette feature's public surface: the command palette (loaded on Ctrl+K) and its dashboard source (lazy).
export const loadCommandPalette = () => import('./CommandPalette.tsx');
export const loadDashboardCommandSource = () => import('./DashboardCommandSource.tsx');
