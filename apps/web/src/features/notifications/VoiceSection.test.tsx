import { defaultConfig } from '@tapeline/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { alertsAnswer, renderNotifications, serveAlerts } from '../../test-setup/alertFixtures.tsx';
import type { FakeApi } from '../../test-setup/fakeApi.ts';
import { notificationsText as text } from './notificationsText.ts';

// The settings store loads 2 s after the app starts and saves config after 2 s of quiet (§4).
const SETTLED = { timeout: 8000 };

type Saved = { config: { voiceNoti: unknown[]; voiceBuffer: number } };
const lastSaved = (api: FakeApi) => (api.calls('POST /api/settings/config').at(-1)?.body as Saved)?.config;

describe('Voice section', () => {
  it('sets a voice and what it says per zone, and the repeat window, in the saved config', async () => {
    const saved = {
      ...defaultConfig(),
      voiceNoti: [{ zone: 'popular' as const, voice: 'voice3' as const, type: 'symbol' as const }],
    };
    const api = serveAlerts(alertsAnswer(), saved);
    const { user } = renderNotifications('proplus', api);
    // Edits wait for the saved settings (loaded 2 s after start), which show the Popular voice.
    await waitFor(
      () =>
        expect(screen.getByRole('combobox', { name: text.voiceOf(text.voiceZones.popular) })).toHaveValue(
          'voice3',
        ),
      SETTLED,
    );

    const halts = text.voiceZones.halt;
    expect(screen.getByRole('combobox', { name: text.spokenOf(halts) })).toBeDisabled();
    await user.selectOptions(screen.getByRole('combobox', { name: text.voiceOf(halts) }), 'voice2');
    await user.selectOptions(screen.getByRole('combobox', { name: text.spokenOf(halts) }), 'name');
    await user.selectOptions(
      screen.getByRole('combobox', { name: text.voiceOf(text.voiceZones.filtered) }),
      'voice5',
    );
    fireEvent.change(screen.getByRole('slider', { name: text.voiceBuffer }), { target: { value: '7' } });

    await waitFor(
      () =>
        expect(lastSaved(api)).toMatchObject({
          voiceNoti: [
            { zone: 'popular', voice: 'voice3', type: 'symbol' },
            { zone: 'halt', voice: 'voice2', type: 'name' },
            { zone: 'filtered', voice: 'voice5', type: 'symbol' },
          ],
          voiceBuffer: 7,
        }),
      SETTLED,
    );

    await user.selectOptions(screen.getByRole('combobox', { name: text.voiceOf(halts) }), '');
    await waitFor(
      () =>
        expect(lastSaved(api)?.voiceNoti).toEqual([
          { zone: 'popular', voice: 'voice3', type: 'symbol' },
          { zone: 'filtered', voice: 'voice5', type: 'symbol' },
        ]),
      SETTLED,
    );
    // Two 2 s save debounces after the 2 s load: longer than the suite's default on a busy machine.
  }, 30_000);

  it('a slider moved just before the page is left is saved with the rest (flush on leaving)', async () => {
    const api = serveAlerts(alertsAnswer(), defaultConfig());
    renderNotifications('proplus', api);
    const slider = await screen.findByRole('slider', { name: text.voiceBuffer }, SETTLED);
    // The saved settings are in (2 s after start) before the trader moves anything.
    await waitFor(() => expect(api.calls('GET /api/settings')).toHaveLength(1), SETTLED);
    fireEvent.change(slider, { target: { value: '9' } });
    // Well within the slider's 200 ms debounce, the tab is closed.
    window.dispatchEvent(new Event('pagehide'));
    // Sent as the page goes (keepalive), not 2.2 s later by the debounces the page does not outlive.
    await waitFor(() => expect(lastSaved(api)?.voiceBuffer).toBe(9), { timeout: 500 });
  });
});
