// The alerts feature's public surface: the tab's live alerts, the Add-alert dialog, the Alerts widget (lazy).

export { addAlertDialog } from '../../lib/alerts/addAlertDialog.ts';
export { AddAlertSlot } from './AddAlertSlot.tsx';
export { alertsMessages, alertsText } from './alertsText.ts';
export { LiveAlerts } from './LiveAlerts.tsx';
export const loadAlertsWidget = () => import('./AlertsWidget.tsx');
