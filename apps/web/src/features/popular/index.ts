// The popular feature's public surface: the Popular widget, loaded lazily by the dashboard.
export const loadPopularWidget = () => import('./PopularWidget.tsx');
