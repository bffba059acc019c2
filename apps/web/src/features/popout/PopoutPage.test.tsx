import {
  alertHistoryResponseSchema,
  PRODUCT_NAME,
  settingsResponseSchema,
  successResponseSchema,
} from '@tapeline/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { connectionStore, setConnectionStatus } from '../../lib/connectionStatus.ts';
import { fakeApi, ok } from '../../test-setup/fakeApi.ts';
import { configAnswer } from '../../test-setup/fixtures.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { alertsText } from '../alerts/index.ts';
import { connectionText } from '../connection/index.ts';
import { POPOUT_CHANNEL } from '../dashboard/index.ts';
import { PopoutPage } from './PopoutPage.tsx';

// The settings store waits 2 s from the app's start before loading (spec §4).
const SETTLED = { timeout: 5000 };

function serve() {
  return fakeApi()
    .on(
      'GET /api/settings',
      ok(settingsResponseSchema, { success: true, config: null, discovery: null, layout: null }),
    )
    .on('POST /api/settings/config', ok(successResponseSchema, { success: true }))
    .on('POST /api/settings/dashboard/layout', ok(successResponseSchema, { success: true }))
    .on('GET /api/config', configAnswer())
    .on(
      'GET /api/alert_history',
      ok(alertHistoryResponseSchema, [{ msg: 'TSLA crossed 250.00', date: Date.UTC(2026, 0, 5, 15) }]),
    );
}

describe('PopoutPage', () => {
  it('shows only its widget, titled after it, with the simulator badge', async () => {
    serve();
    renderUi(<PopoutPage />, { at: '/popout/alerts', path: '/popout/:widget' });
    const main = await screen.findByTestId('popout-alerts');
    const widget = await within(main).findByRole('region', { name: 'Alerts' }, SETTLED);
    expect(within(widget).getByRole('heading', { level: 1, name: 'Alerts' })).toBeInTheDocument();
    expect(await within(widget).findByText('TSLA crossed 250.00')).toBeInTheDocument();
    expect(await within(widget).findByText('SIMULATED')).toBeInTheDocument();
    expect(document.title).toBe(`${PRODUCT_NAME} — Alerts`);
    expect(screen.queryByRole('button', { name: /Maximise|Pop out/ })).not.toBeInTheDocument();
  });

  it('says Catching up… in its header while the missed updates come back', async () => {
    serve();
    renderUi(<PopoutPage />, { at: '/popout/alerts', path: '/popout/:widget' });
    const widget = await screen.findByRole('region', { name: 'Alerts' }, SETTLED);
    act(() => setConnectionStatus('catching-up'));
    expect(within(widget).getByTestId('connection-pill')).toHaveTextContent(connectionText['catching-up']);
    act(() => setConnectionStatus('live'));
    expect(within(widget).queryByTestId('connection-pill')).not.toBeInTheDocument();
    connectionStore.setState({ status: 'connecting', reconnects: 0 });
  });

  it('a pop-out never writes the layouts (only the dashboard owns them)', async () => {
    const api = serve();
    renderUi(<PopoutPage />, { at: '/popout/alerts', path: '/popout/:widget' });
    await screen.findByRole('list', { name: alertsText.list }, SETTLED);
    // A fresh account has no saved config: the defaults are written back, the layouts are not.
    await waitFor(() => expect(api.calls('POST /api/settings/config')).toHaveLength(1), SETTLED);
    expect(api.calls('POST /api/settings/dashboard/layout')).toHaveLength(0);
  });

  it('says it is closing over the pop-out channel when the page goes away', async () => {
    serve();
    renderUi(<PopoutPage />, { at: '/popout/alerts', path: '/popout/:widget' });
    await screen.findByTestId('popout-alerts');
    const dashboard = new BroadcastChannel(POPOUT_CHANNEL);
    const heard = new Promise((resolve) => {
      dashboard.onmessage = (event) => resolve(event.data);
    });
    window.dispatchEvent(new Event('pagehide'));
    await expect(heard).resolves.toEqual({ closing: 'alerts' });
    dashboard.close();
  });

  it('an unknown widget goes to the dashboard', async () => {
    serve();
    renderUi(<PopoutPage />, { at: '/popout/nonsense', path: '/popout/:widget' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
  });

  it('Meters and Quote open in their own window too (any widget can, spec §2 Pop-outs)', async () => {
    serve();
    for (const widget of ['meters', 'quote']) {
      const { unmount } = renderUi(<PopoutPage />, { at: `/popout/${widget}`, path: '/popout/:widget' });
      expect(await screen.findByTestId(`popout-${widget}`)).toBeInTheDocument();
      expect(screen.getByTestId('location')).toHaveTextContent(`/popout/${widget}`);
      // The widget's chunk has loaded: no import is left running after the test ends.
      await waitFor(() => expect(screen.queryByTestId('widget-loading')).toBeNull());
      unmount();
    }
  });
});
