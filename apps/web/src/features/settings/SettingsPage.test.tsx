import { settingsResponseSchema, successResponseSchema } from '@tapeline/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SettingsProvider } from '../../lib/settings/useSettings.tsx';
import { type FakeApi, fakeApi, ok } from '../../test-setup/fakeApi.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { signedIn, subscription, withSession } from '../../test-setup/session.tsx';
import { SettingsPage } from './SettingsPage.tsx';
import { settingsText } from './settingsText.ts';

// The settings store loads 2 s after the app starts (spec §4); the page waits for it.
const SETTLED = { timeout: 6000 };

function renderSettings(at: string) {
  const api: FakeApi = fakeApi()
    .on(
      'GET /api/settings',
      ok(settingsResponseSchema, { success: true, config: null, discovery: null, layout: null }),
    )
    .on('POST /api/settings/config', ok(successResponseSchema, { success: true }))
    .on('POST /api/settings/dashboard/layout', ok(successResponseSchema, { success: true }));
  signedIn(api, { subscription: subscription('pro') });
  return renderUi(
    <SettingsProvider>
      <SettingsPage />
    </SettingsProvider>,
    { at, path: '/settings', wrap: withSession },
  );
}

const tabs = () => within(screen.getByRole('tablist', { name: settingsText.sections }));
const location = () => screen.getByTestId('location');

describe('SettingsPage', () => {
  it('opens on General once the saved settings are in', async () => {
    renderSettings('/settings');
    expect(await screen.findByRole('switch', { name: settingsText.newsIcon }, SETTLED)).toBeInTheDocument();
    expect(tabs().getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', 'settings-tab-general');
  });

  it('keeps the chosen tab in the URL, so a reload comes back to it', async () => {
    const { user } = renderSettings('/settings');
    await screen.findByRole('switch', { name: settingsText.newsIcon }, SETTLED);
    await user.click(tabs().getByRole('tab', { name: 'Notifications' }));
    expect(location()).toHaveTextContent('/settings?tab=notifications');
    expect(screen.getByTestId('notifications')).toBeInTheDocument();
    await user.click(tabs().getByRole('tab', { name: 'Discovery' }));
    expect(location()).toHaveTextContent('/settings?tab=discovery');
  });

  it('opens the tab and stream channel the URL names, and General for one it does not know', async () => {
    const first = renderSettings('/settings?tab=stream&channel=alt');
    expect(await screen.findByTestId('settings-tab-stream', {}, SETTLED)).toBeInTheDocument();
    expect(tabs().getByRole('tab', { name: 'Stream' })).toHaveAttribute('aria-selected', 'true');
    const channels = within(screen.getByRole('tablist', { name: settingsText.channels }));
    expect(channels.getByRole('tab', { name: 'Alt' })).toHaveAttribute('aria-selected', 'true');
    first.unmount();
    localStorage.clear();
    renderSettings('/settings?tab=nonsense');
    expect(await screen.findByTestId('settings-tab-general', {}, SETTLED)).toBeInTheDocument();
  });
});
