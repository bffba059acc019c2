import { defaultLayouts, type Layout, WIDGET_IDS, type WidgetId } from '@tapeline/core';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectionStore, setConnectionStatus } from '../../lib/connectionStatus.ts';
import { SETTINGS_LOAD_DELAY_MS } from '../../lib/settings/settingsStore.ts';
import { SettingsProvider } from '../../lib/settings/useSettings.tsx';
import type { FakeApi } from '../../test-setup/fakeApi.ts';
import { settingsApi } from '../../test-setup/fixtures.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { signedIn, subscription, withSession } from '../../test-setup/session.tsx';
import { connectionText } from '../connection/index.ts';
import { DashboardPage, UPGRADE_QUESTION } from './DashboardPage.tsx';

// The socket is the network for stream widgets (none is drawn by these layouts; nothing may
// open a real one).
vi.mock('../../lib/tabSocket.ts', () => import('../../test-setup/fakeSocket.ts'));

const SHOWN: readonly WidgetId[] = ['news', 'quote', 'chat'];

/** The saved layouts: the active one (Dynamic, unlocked) shows News, Quote and Chat only. */
function savedLayouts(): Layout[] {
  return defaultLayouts().map((l) =>
    l.active
      ? {
          ...l,
          locked: false,
          menu: Object.fromEntries(WIDGET_IDS.map((id) => [id, SHOWN.includes(id)])) as Layout['menu'],
        }
      : l,
  );
}

function serve(plan: string | null = null): FakeApi {
  const api = settingsApi(null, savedLayouts());
  signedIn(api, { subscription: plan === null ? null : subscription(plan) });
  return api;
}

function renderDashboard() {
  return renderUi(
    <SettingsProvider>
      <DashboardPage />
    </SettingsProvider>,
    { at: '/dashboard', wrap: withSession },
  );
}

/** Waits for the saved layout to be drawn. */
const ready = () => screen.findByRole('region', { name: 'News' });
const toggle = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) });
const region = (name: string) => screen.queryByRole('region', { name });

describe('DashboardPage', () => {
  beforeEach(() => {
    // Settings load 2 s after the app starts (spec §4): the clock starts past that moment, so
    // the load is due at once and no test waits on the wall clock.
    vi.useFakeTimers({
      toFake: ['Date', 'setInterval', 'clearInterval'],
      now: Date.now() + SETTINGS_LOAD_DELAY_MS,
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a spinner, then the widgets of the saved active layout', async () => {
    const api = serve();
    renderDashboard();
    // Found while the saved settings are still on their way (the load is a later task).
    await screen.findByText('Restoring your layout');
    await ready();
    expect(screen.queryByTestId('layout-spinner')).not.toBeInTheDocument();
    expect(api.calls('GET /api/settings')).toHaveLength(1);

    const grid = screen.getByTestId('dashboard-grid');
    for (const name of ['News', 'Quote', 'Chat'])
      expect(within(grid).getByRole('region', { name })).toBeInTheDocument();
    for (const name of ['Alerts', 'Popular', 'Meters', 'Discovery', 'Stream'])
      expect(region(name)).not.toBeInTheDocument();

    // The toggles say what the layout shows.
    expect(toggle('NEWS')).toHaveAttribute('aria-pressed', 'true');
    expect(toggle('ALERTS')).toHaveAttribute('aria-pressed', 'false');
    expect(toggle('STREAM')).toHaveAttribute('aria-pressed', 'false');
  });

  it('hides a widget with its toggle and brings it back', async () => {
    serve();
    const { user } = renderDashboard();
    await ready();

    await user.click(toggle('QUOTE'));
    expect(region('Quote')).not.toBeInTheDocument();
    expect(toggle('QUOTE')).toHaveAttribute('aria-pressed', 'false');
    expect(region('News')).toBeInTheDocument();

    await user.click(toggle('QUOTE'));
    expect(screen.getByRole('region', { name: 'Quote' })).toBeInTheDocument();
    expect(toggle('QUOTE')).toHaveAttribute('aria-pressed', 'true');
  });

  it('STREAM off then on brings back both streams of a split layout', async () => {
    serve();
    const { user } = renderDashboard();
    await ready();
    // The saved layout was split (the default) before STREAM was turned off.
    await user.click(toggle('STREAM'));
    expect(screen.getAllByRole('region', { name: /Stream$/ })).toHaveLength(2);
    await user.click(toggle('STREAM'));
    expect(screen.queryAllByRole('region', { name: /Stream$/ })).toHaveLength(0);
    await user.click(toggle('STREAM'));
    expect(screen.getAllByRole('region', { name: /Stream$/ })).toHaveLength(2);
  });

  it('maximises one widget over the grid and restores the grid', async () => {
    serve();
    const { user } = renderDashboard();
    await ready();

    await user.click(screen.getByRole('button', { name: 'Maximise Chat' }));
    const maximized = screen.getByTestId('maximized');
    expect(within(maximized).getByRole('region', { name: 'Chat' })).toBeInTheDocument();
    expect(screen.queryByTestId('dashboard-grid')).not.toBeInTheDocument();
    expect(region('News')).not.toBeInTheDocument();
    expect(region('Quote')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Restore Chat' }));
    expect(screen.queryByTestId('maximized')).not.toBeInTheDocument();
    const grid = screen.getByTestId('dashboard-grid');
    for (const name of ['News', 'Quote', 'Chat'])
      expect(within(grid).getByRole('region', { name })).toBeInTheDocument();
  });

  it('hiding the maximised widget brings the grid back', async () => {
    serve();
    const { user } = renderDashboard();
    await ready();
    await user.click(screen.getByRole('button', { name: 'Maximise News' }));
    expect(screen.getByTestId('maximized')).toBeInTheDocument();

    await user.click(toggle('NEWS'));
    expect(screen.queryByTestId('maximized')).not.toBeInTheDocument();
    expect(region('News')).not.toBeInTheDocument();
    expect(
      within(screen.getByTestId('dashboard-grid')).getByRole('region', { name: 'Chat' }),
    ).toBeInTheDocument();
  });

  it('asks a trader without Pro to upgrade instead of showing Discovery; Cancel keeps the layout', async () => {
    serve();
    const { user } = renderDashboard();
    await ready();

    await user.click(toggle('DISCOVERY'));
    const dialog = screen.getByRole('dialog', { name: UPGRADE_QUESTION });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(region('Discovery')).not.toBeInTheDocument();
    expect(toggle('DISCOVERY')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
  });

  it('the upgrade question’s OK opens the plan picker', async () => {
    serve('basic');
    const { user } = renderDashboard();
    await ready();

    await user.click(toggle('DISCOVERY'));
    await user.click(
      within(screen.getByRole('dialog', { name: UPGRADE_QUESTION })).getByRole('button', { name: 'OK' }),
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/profile/plan');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each(['pro', 'pro_old', 'proplus'])('shows Discovery at once on the %s plan', async (plan) => {
    serve(plan);
    const { user } = renderDashboard();
    await ready();

    await user.click(toggle('DISCOVERY'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Discovery' })).toBeInTheDocument();
    expect(toggle('DISCOVERY')).toHaveAttribute('aria-pressed', 'true');
  });

  it('switching to a locked layout draws its widgets and offers no toggles', async () => {
    serve();
    const { user } = renderDashboard();
    await ready();
    const primary = defaultLayouts().find((l) => l.key === 'primary');
    if (!primary) throw new Error('core has no Primary layout');

    await user.click(screen.getByRole('button', { name: /Layout/ }));
    await user.click(screen.getByRole('button', { name: primary.label }));
    expect(screen.getByText(`${primary.label} is locked — unlock it to change widgets.`)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Widgets' })).not.toBeInTheDocument();
    // The default Primary layout shows every widget, Alerts among them.
    expect(await screen.findByRole('region', { name: 'Alerts' })).toBeInTheDocument();
  });

  it('says Reconnecting… in the bar while the tab’s connection is down, and nothing once live', async () => {
    serve();
    renderDashboard();
    await ready();
    act(() => setConnectionStatus('reconnecting'));
    const pill = screen.getByTestId('connection-pill');
    expect(pill).toHaveAttribute('role', 'status');
    expect(pill).toHaveTextContent(connectionText.reconnecting);
    expect(pill.closest('.dashboard-bar')).not.toBeNull();
    act(() => setConnectionStatus('live'));
    expect(screen.queryByTestId('connection-pill')).not.toBeInTheDocument();
    connectionStore.setState({ status: 'connecting', reconnects: 0 });
  });

  it('opens at the top of the page, wherever the page before was scrolled to', async () => {
    serve();
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderDashboard();
    await ready();
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0 });
  });

  it('every widget has a pop-out button, Meters and Quote too', async () => {
    const api = settingsApi(null, defaultLayouts());
    signedIn(api);
    renderDashboard();
    await screen.findByRole('region', { name: 'Meters' });
    for (const name of ['Meters', 'Quote', 'News', 'Popular', 'Alerts', 'Chat'])
      expect(screen.getByRole('button', { name: `Pop out ${name}` })).toBeInTheDocument();
  });

  it('Reset closes the layout’s pop-out windows and gives the widgets back to the grid', async () => {
    serve();
    const windows: { closed: boolean; close(): void; focus(): void }[] = [];
    vi.spyOn(window, 'open').mockImplementation(() => {
      const win = {
        closed: false,
        focus() {},
        close() {
          win.closed = true;
        },
      };
      windows.push(win);
      return win as unknown as Window;
    });
    const { user } = renderDashboard();
    await ready();
    await user.click(screen.getByRole('button', { name: 'Pop out News' }));
    expect(await screen.findByText('Open in its own window.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Layout/ }));
    await user.click(screen.getByRole('button', { name: 'Reset Dynamic' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(windows.map((w) => w.closed)).toEqual([true]);
    expect(screen.queryByText('Open in its own window.')).not.toBeInTheDocument();
    vi.restoreAllMocks();
  });
});
