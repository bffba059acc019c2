import { Outlet, useOutletContext } from 'react-router';
import { SettingsProvider } from '../lib/settings/useSettings.tsx';
import type { GateContext } from './chrome.ts';

/** The dashboard and the settings page share one settings store (one load, one save queue). */
export function SettingsArea() {
  const gate = useOutletContext<GateContext | undefined>();
  return (
    <SettingsProvider>
      <Outlet context={gate} />
    </SettingsProvider>
  );
}
