import { activate, canOpenDiscovery, toggleWidget } from '@tapeline/core';
import { useEffect } from 'react';
import { useUser } from '../../app/session.tsx';
import { useSettings, useSettingsStore } from '../../lib/settings/useSettings.tsx';
import { publishDashboardCommands } from './paletteBridge.ts';

/**
 * Rendered beside the dashboard, inside its settings store: hands the palette the layouts and
 * the same changes the layout menu and the widget toggles make (saved the same way).
 */
export function DashboardCommandSource() {
  const store = useSettingsStore();
  const { status, layouts } = useSettings();
  const { subscription } = useUser();
  const discoveryAllowed = canOpenDiscovery(subscription);

  useEffect(() => {
    if (status !== 'ready') return;
    publishDashboardCommands({
      layouts,
      discoveryAllowed,
      activate: (key) => store.updateLayouts((all) => activate(all, key)),
      // A locked layout refuses toggles (core throws): the palette offers none, and this guards.
      toggle: (toggle) =>
        store.updateLayouts((all) =>
          all.some((l) => l.active && !l.locked)
            ? all.map((l) => (l.active && !l.locked ? toggleWidget(l, toggle) : l))
            : all,
        ),
    });
    return () => publishDashboardCommands(null);
  }, [status, layouts, discoveryAllowed, store]);

  return null;
}
