import type { Layout, LayoutKey, WidgetToggle } from '@tapeline/core';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/** What the dashboard lets the palette do while it is on screen. */
export interface DashboardCommands {
  layouts: readonly Layout[];
  /** Core's Discovery predicate for this user's plan. */
  discoveryAllowed: boolean;
  activate(key: LayoutKey): void;
  toggle(toggle: WidgetToggle): void;
}

// The palette lives in the top bar, above the dashboard's settings store: the dashboard route
// publishes its commands here while it is mounted, and the palette offers them while they exist.
const store = createStore<{ dashboard: DashboardCommands | null }>(() => ({ dashboard: null }));

export function publishDashboardCommands(commands: DashboardCommands | null): void {
  store.setState({ dashboard: commands });
}

export function useDashboardCommands(): DashboardCommands | null {
  return useStore(store, (state) => state.dashboard);
}

/** The commands on offer now, outside React. */
export function currentDashboardCommands(): DashboardCommands | null {
  return store.getState().dashboard;
}
