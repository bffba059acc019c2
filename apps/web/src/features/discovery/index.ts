// The discovery feature's public surface: the Discovery widget, loaded lazily by the dashboard.
export const loadDiscoveryWidget = () => import('./DiscoveryWidget.tsx');
