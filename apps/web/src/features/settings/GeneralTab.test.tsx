import { chartLinkMessages, settingsResponseSchema, successResponseSchema } from '@tapeline/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SettingsProvider } from '../../lib/settings/useSettings.tsx';
import { type FakeApi, fakeApi, ok } from '../../test-setup/fakeApi.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { GeneralTab } from './GeneralTab.tsx';
import { settingsText } from './settingsText.ts';

// The store loads 2 s after the app starts and saves config after 2 s of quiet (spec §4).
const SETTLED = { timeout: 6000 };

function serve(): FakeApi {
  return fakeApi()
    .on(
      'GET /api/settings',
      ok(settingsResponseSchema, { success: true, config: null, discovery: null, layout: null }),
    )
    .on('POST /api/settings/config', ok(successResponseSchema, { success: true }))
    .on('POST /api/settings/dashboard/layout', ok(successResponseSchema, { success: true }));
}

type SavedNews = {
  config: {
    optionsMode: string;
    news: { icon: boolean; recency: number; hide_rf: boolean };
    halts?: { minutes: number; maxLength: number };
  };
};
const lastSaved = (api: FakeApi) =>
  (api.calls('POST /api/settings/config').at(-1)?.body as SavedNews)?.config;

function renderGeneral() {
  return renderUi(
    <SettingsProvider>
      <GeneralTab />
    </SettingsProvider>,
  );
}

describe('GeneralTab', () => {
  it('shows the defaults of spec §9: options as icons, news icon on, 8 hours, filings shown', async () => {
    const api = serve();
    renderGeneral();
    // A fresh account's defaults are written back once loaded.
    await waitFor(() => expect(api.calls('POST /api/settings/config')).toHaveLength(1), SETTLED);
    expect(screen.getByRole('radio', { name: 'Icon' })).toBeChecked();
    expect(screen.getByRole('switch', { name: settingsText.newsIcon })).toBeChecked();
    expect(screen.getByRole('slider', { name: settingsText.recency })).toHaveAttribute(
      'aria-valuetext',
      '8 hours',
    );
    expect(screen.getByRole('switch', { name: settingsText.hideFilings })).not.toBeChecked();
  });

  it('saves each change to the server', async () => {
    const api = serve();
    const { user } = renderGeneral();
    await waitFor(() => expect(api.calls('POST /api/settings/config')).toHaveLength(1), SETTLED);

    await user.click(screen.getByRole('radio', { name: 'Filter' }));
    await user.click(screen.getByRole('switch', { name: settingsText.newsIcon }));
    await user.click(screen.getByRole('switch', { name: settingsText.hideFilings }));
    fireEvent.change(screen.getByRole('slider', { name: settingsText.recency }), { target: { value: '24' } });

    await waitFor(
      () =>
        expect(lastSaved(api)).toMatchObject({
          optionsMode: 'filter',
          news: { icon: false, recency: 24, hide_rf: true },
        }),
      SETTLED,
    );
  });

  it('filters the halts strip: 30 minutes and any symbol by default, each change saved', async () => {
    const api = serve();
    renderGeneral();
    await waitFor(() => expect(api.calls('POST /api/settings/config')).toHaveLength(1), SETTLED);
    const age = screen.getByRole('slider', { name: settingsText.haltsAge });
    expect(age).toHaveAttribute('aria-valuetext', '30 min');
    const length = screen.getByRole('slider', { name: settingsText.haltsLength });
    expect(length).toHaveAttribute('aria-valuetext', 'Any');
    fireEvent.change(age, { target: { value: '0' } });
    fireEvent.change(length, { target: { value: '4' } });
    expect(age).toHaveAttribute('aria-valuetext', 'Hide all');
    await waitFor(
      () => expect(lastSaved(api)).toMatchObject({ halts: { minutes: 0, maxLength: 4 } }),
      SETTLED,
    );
  });

  it('saves an https charting link with {symbol}, and names what is wrong with another', async () => {
    const api = serve();
    renderGeneral();
    const field = await screen.findByRole('textbox', { name: settingsText.chartLinkLabel }, SETTLED);
    fireEvent.change(field, { target: { value: 'http://example.com/{symbol}' } });
    fireEvent.blur(field);
    expect(await screen.findByText(chartLinkMessages.https)).toBeInTheDocument();
    fireEvent.change(field, { target: { value: 'https://www.tradingview.com/chart/?symbol={symbol}' } });
    fireEvent.blur(field);
    await waitFor(
      () =>
        expect(
          (api.calls('POST /api/settings/config').at(-1)?.body as { config: { chartLink?: string } })?.config
            .chartLink,
        ).toBe('https://www.tradingview.com/chart/?symbol={symbol}'),
      SETTLED,
    );
  });
});
