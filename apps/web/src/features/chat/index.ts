// The chat feature's public surface: the Chat widget, loaded lazily by the dashboard.
export const loadChatWidget = () => import('./ChatWidget.tsx');
