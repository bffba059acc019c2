// The meters feature's public surface: the Meters widget, loaded lazily by the dashboard.
export const loadMetersWidget = () => import('./MetersWidget.tsx');
