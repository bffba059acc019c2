import { Outlet, useOutletContext } from 'react-router';
import { LiveAlerts } from '../features/alerts/index.ts';
import { SettingsProvider } from '../lib/settings/useSettings.tsx';
import type { GateContext } from './chrome.ts';

/**
 * The dashboard and the settings page share one settings store (one load, one save queue), and
 * hear the user's alerts as they fire (toast, history, voice).
 */
export function SettingsArea() {
  const gate = useOutletContext<GateContext | undefined>();
  return (
    <SettingsProvider>
      <Outlet context={gate} />
      <LiveAlerts />
    </SettingsProvider>
  );
}
