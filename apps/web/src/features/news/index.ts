// The news feature's public surface: the News widget, loaded lazily by the dashboard.
export const loadNewsWidget = () => import('./NewsWidget.tsx');
