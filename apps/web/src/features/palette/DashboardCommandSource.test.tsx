import { activeLayout, defaultLayouts } from '@tapeline/core';
import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SETTINGS_LOAD_DELAY_MS } from '../../lib/settings/settingsStore.ts';
import { SettingsProvider } from '../../lib/settings/useSettings.tsx';
import { settingsApi } from '../../test-setup/fixtures.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { signedIn, subscription, withSession } from '../../test-setup/session.tsx';
import { DashboardCommandSource } from './DashboardCommandSource.tsx';
import { currentDashboardCommands, type DashboardCommands, useDashboardCommands } from './paletteBridge.ts';

let seen: DashboardCommands | null = null;
function Probe() {
  seen = useDashboardCommands();
  return null;
}

function serve(plan: string) {
  const api = settingsApi(null, defaultLayouts());
  signedIn(api, { subscription: subscription(plan) });
}

function renderSource() {
  return renderUi(
    <SettingsProvider>
      <DashboardCommandSource />
      <Probe />
    </SettingsProvider>,
    { at: '/dashboard', wrap: withSession },
  );
}

describe('DashboardCommandSource', () => {
  beforeEach(() => {
    // The settings load is due at once (2 s after the app's start, spec §4): no wall-clock wait.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + SETTINGS_LOAD_DELAY_MS });
    seen = null;
  });
  afterEach(() => vi.useRealTimers());

  it("hands the palette the saved layouts and changes them as the dashboard's controls do", async () => {
    serve('pro');
    const { unmount } = renderSource();
    await waitFor(() => expect(seen?.layouts).toHaveLength(3));
    expect(seen?.discoveryAllowed).toBe(true);
    expect(activeLayout(seen?.layouts ?? []).key).toBe('dynamic');

    act(() => seen?.toggle('NEWS'));
    await waitFor(() => expect(activeLayout(seen?.layouts ?? []).menu.news).toBe(false));

    act(() => seen?.activate('primary'));
    await waitFor(() => expect(activeLayout(seen?.layouts ?? []).key).toBe('primary'));
    // Primary is locked: a toggle changes nothing.
    const before = seen?.layouts;
    act(() => seen?.toggle('CHAT'));
    expect(seen?.layouts).toBe(before);

    // Away from the dashboard the palette offers no layouts.
    unmount();
    expect(currentDashboardCommands()).toBeNull();
  });

  it('tells the palette when the plan has no Discovery', async () => {
    serve('standard');
    renderSource();
    await waitFor(() => expect(seen?.layouts).toHaveLength(3));
    expect(seen?.discoveryAllowed).toBe(false);
  });
});
