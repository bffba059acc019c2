import {
  type DashboardConfig,
  defaultConfig,
  defaultDiscoveryColumns,
  settingsResponseSchema,
  successResponseSchema,
} from '@tapeline/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SettingsProvider } from '../../lib/settings/useSettings.tsx';
import { type FakeApi, fakeApi, ok } from '../../test-setup/fakeApi.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { signedIn, subscription, withSession } from '../../test-setup/session.tsx';
import { DiscoveryTab } from './DiscoveryTab.tsx';
import { discoveryTabText as text } from './settingsText.ts';

// The store loads 2 s after the app starts (spec §4); unmounting flushes its pending save.
const SETTLED = { timeout: 6000 };

function serve(config: DashboardConfig = defaultConfig()): FakeApi {
  return fakeApi()
    .on(
      'GET /api/settings',
      ok(settingsResponseSchema, {
        success: true,
        config: JSON.stringify(config),
        discovery: null,
        layout: null,
      }),
    )
    .on('POST /api/settings/config', ok(successResponseSchema, { success: true }));
}

function renderTab(plan: string | null, api: FakeApi) {
  signedIn(api, { subscription: plan ? subscription(plan) : null });
  return renderUi(
    <SettingsProvider>
      <DiscoveryTab />
    </SettingsProvider>,
    { wrap: withSession },
  );
}

const display = (label: string) => within(screen.getByRole('group', { name: text.display(label) }));
const savedDiscovery = (api: FakeApi) =>
  (api.calls('POST /api/settings/config').at(-1)?.body as { config: DashboardConfig } | undefined)?.config
    .discovery;

describe('Discovery settings tab (dashboard §2)', () => {
  it('lists the 15 columns shown, % for Last, ATR and Gap; Symbol and Actions cannot be hidden', async () => {
    renderTab('pro', serve());
    await waitFor(
      () => expect(screen.getByRole('switch', { name: text.show('Volume') })).toBeEnabled(),
      SETTLED,
    );
    expect(screen.getAllByRole('switch')).toHaveLength(15);
    for (const label of ['Last', 'ATR', 'Gap'])
      expect(display(label).getByRole('radio', { name: '%' })).toBeChecked();
    expect(screen.getByRole('switch', { name: text.show('Symbol') })).toBeDisabled();
    expect(screen.getByRole('switch', { name: text.show('Actions') })).toBeDisabled();
  });

  it('saves a hidden column and a $ display in config.discovery', async () => {
    const api = serve();
    const { user, unmount } = renderTab('proplus', api);
    const squeeze = await screen.findByRole('switch', { name: text.show('Squeeze') });
    await waitFor(() => expect(squeeze).toBeEnabled(), SETTLED);
    await user.click(squeeze);
    await user.click(display('ATR').getByRole('radio', { name: '$' }));
    expect(squeeze).not.toBeChecked();
    unmount();

    const expected = defaultDiscoveryColumns().map((c) =>
      c.column === 'squeeze' ? { ...c, hidden: true } : c.column === 'atr' ? { ...c, display: '$' } : c,
    );
    await waitFor(() => expect(savedDiscovery(api)).toEqual(expected));
  });

  it('a saved list shorter than the default shows the default', async () => {
    const short = { ...defaultConfig(), discovery: [{ column: 'volume' as const, hidden: true }] };
    renderTab('pro', serve(short));
    await waitFor(
      () => expect(screen.getByRole('switch', { name: text.show('Volume') })).toBeEnabled(),
      SETTLED,
    );
    expect(screen.getByRole('switch', { name: text.show('Volume') })).toBeChecked();
  });

  it('is locked for a trader who cannot open Discovery', async () => {
    const api = serve();
    renderTab(null, api);
    await waitFor(() => expect(api.calls('GET /api/settings')).toHaveLength(1), SETTLED);
    expect(await screen.findByRole('link', { name: /upgrade/i })).toHaveAttribute('href', '/profile/plan');
    expect(screen.getByRole('switch', { name: text.show('Volume') })).toBeDisabled();
  });
});
