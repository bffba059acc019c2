import {
  DISCOVERY_COLUMNS,
  type DiscoverySettings,
  defaultLayout,
  discoveryMessages,
  hiddenDiscoveryKeys,
  type Layout,
  quoteListSchema,
  type ServedDiscoveryRow,
  servedDiscoveryRowsSchema,
} from '@tapeline/core';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeApi, fail, ok, withDataHost } from '../../test-setup/fakeApi.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { signedIn, subscription, withSession } from '../../test-setup/session.tsx';
import { widgetProps } from '../../test-setup/widgetProps.ts';
import { quoteFixture } from '../quotes/index.ts';
import { DiscoveryWidget } from './DiscoveryWidget.tsx';
import { serveFilters } from './filters/testing/filterFixtures.tsx';
import { resetTempFilter } from './filters/useDiscoveryFilter.ts';
import { servedRow, strip } from './table/testing/discoveryFixtures.ts';

const ROWS: ServedDiscoveryRow[] = [
  servedRow('AAPL', { p: [2, 4], e: 9, z: 0, f: 1e9 }),
  servedRow('MSFT', { p: [-1, -3], e: 9, z: 5, f: -1 }),
  servedRow('XOM', { p: [4, 3], e: 4, z: -2, f: 2e6 }),
  servedRow('SPY', { p: [0.5, 2], e: 82, z: null, f: null }),
];
const NO_FILTERS: DiscoverySettings = { filters: {}, selected: 'Default' };

function serve(plan: string, rows: ServedDiscoveryRow[] = ROWS): FakeApi {
  const api = withDataHost(serveFilters(NO_FILTERS));
  signedIn(api, { subscription: subscription(plan) });
  const access = plan === 'proplus' ? 'proplus' : plan === 'pro_old' ? 'oldpro' : 'pro';
  const keys = hiddenDiscoveryKeys(access);
  api.on(
    'GET /data/discovery',
    ok(
      servedDiscoveryRowsSchema,
      rows.map((r) => strip(r, keys)),
    ),
  );
  api.on('GET /api/quotes', ok(quoteListSchema, [quoteFixture('XOM')]));
  api.on('GET /data/stock-names.json', { status: 200, body: [] });
  return api;
}

const show = (plan?: string) => {
  if (plan) serve(plan);
  return renderUi(<DiscoveryWidget {...widgetProps('discovery')} />, { wrap: withSession });
};
const table = () => screen.getByRole('table', { name: 'Discovery' });
const symbols = () =>
  within(table())
    .getAllByRole('row')
    .map((r) => r.getAttribute('data-symbol'))
    .filter(Boolean);
const header = (label: string) =>
  within(table()).getByRole('columnheader', { name: new RegExp(`^${label}`) });

describe('DiscoveryWidget', () => {
  beforeEach(() => {
    // jsdom lays nothing out: the scroll box is 650 px high, ten rows of 65 px.
    vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(650);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    resetTempFilter();
  });

  it('lists the 15 columns in order and the rows by % change, highest first', async () => {
    serve('proplus');
    show();
    await screen.findByRole('button', { name: 'AAPL' });
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.replace(/[▲▼]/g, '')),
    ).toEqual(DISCOVERY_COLUMNS.map((c) => c.label));
    expect(symbols()).toEqual(['XOM', 'AAPL', 'SPY', 'MSFT']);
    expect(header('Last')).toHaveAttribute('aria-sort', 'descending');
    // rs is price_dist − SPY's: XOM 4 − 0.5.
    const xom = within(table()).getAllByRole('row')[1] as HTMLElement;
    expect(xom.querySelector('[data-col="rs"]')).toHaveTextContent('+3.50%');
    expect(xom.querySelector('[data-col="moneyflow"]')).toHaveTextContent('3.00m');
    expect(screen.queryByRole('button', { name: /^Upgrade/ })).toBeNull();
  });

  it('opens the alert-type menu from the Actions cell and the trend popup from the Trend cell', async () => {
    const { user } = show('proplus');
    await user.click(await screen.findByRole('button', { name: 'Add alert for XOM' }));
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Trend of AAPL' }));
    expect(await screen.findByTestId('discovery-trend')).toHaveTextContent('BUY');
  });

  it('sorts on a header click: a new column descends, the same one toggles, squeeze cycles', async () => {
    const { user } = show('proplus');
    await screen.findByRole('button', { name: 'AAPL' });
    await user.click(within(header('Float')).getByRole('button'));
    expect(header('Float')).toHaveAttribute('aria-sort', 'descending');
    // Positive floats first, the negative (invalid) one and the unknown one last.
    expect(symbols()).toEqual(['AAPL', 'XOM', 'MSFT', 'SPY']);
    await user.click(within(header('Float')).getByRole('button'));
    expect(header('Float')).toHaveAttribute('aria-sort', 'ascending');
    expect(symbols()).toEqual(['XOM', 'AAPL', 'MSFT', 'SPY']);

    const squeeze = () => within(header('Squeeze')).getByRole('button');
    await user.click(squeeze());
    expect(header('Squeeze')).toHaveAttribute('data-sort', 'now');
    expect(symbols()[0]).toBe('AAPL');
    for (const state of ['pre_asc', 'pre_desc', 'post_asc', 'post_desc', 'now']) {
      await user.click(squeeze());
      expect(header('Squeeze')).toHaveAttribute('data-sort', state);
    }
  });

  it('shows a Pro subscriber the locked columns with upgrade buttons, which lead to the plan page', async () => {
    const { user } = show('pro');
    await screen.findByRole('button', { name: 'AAPL' });
    const upgrades = screen.getAllByRole('button', { name: /^Upgrade to see/ });
    expect(upgrades.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Upgrade to see Money Flow',
      'Upgrade to see Short Ratio',
      'Upgrade to see Squeeze',
      'Upgrade to see ATR',
      'Upgrade to see Trend',
      'Upgrade to see Gap',
    ]);
    await user.click(upgrades[0] as HTMLElement);
    expect(screen.getByTestId('location')).toHaveTextContent('/profile/plan');
  });

  it('asks a Standard subscriber to upgrade and never fetches the rows', async () => {
    const api = serve('standard');
    show();
    expect(await screen.findByText(discoveryMessages.upgrade)).toBeInTheDocument();
    expect(api.calls('GET /data/discovery')).toEqual([]);
  });

  it("the upgrade question's Cancel hides the tile; a locked layout offers OK only", async () => {
    serve('standard');
    const changes: ((l: Layout) => Layout)[] = [];
    const layout = { ...defaultLayout('dynamic'), locked: false };
    const view = renderUi(
      <DiscoveryWidget {...widgetProps('discovery', { layout, onLayoutChange: (c) => changes.push(c) })} />,
      { wrap: withSession },
    );
    await view.user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(changes).toHaveLength(1);
    expect(changes[0]?.({ ...layout, menu: { ...layout.menu, discovery: true } }).menu.discovery).toBe(false);
    view.unmount();

    show();
    await screen.findByText(discoveryMessages.upgrade);
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.getByRole('button', { name: 'OK' })).toBeInTheDocument();
  });

  it('narrows by search, sector and favourites; CLEAR FILTERS brings every row back', async () => {
    const { user } = show('proplus');
    await screen.findByRole('button', { name: 'AAPL' });
    const search = screen.getByRole('searchbox', { name: 'Search symbol' });
    await user.type(search, 'ms');
    expect(search).toHaveValue('MS');
    expect(symbols()).toEqual(['MSFT']);
    await user.clear(search);

    await user.click(screen.getByRole('button', { name: /^Sector:/ }));
    await user.click(screen.getByRole('checkbox', { name: 'ENERGY' }));
    expect(symbols()).toEqual(['XOM']);
    await user.click(screen.getByRole('checkbox', { name: 'All' }));
    expect(symbols()).toHaveLength(4);

    await user.click(screen.getByRole('button', { name: /Favourites/ }));
    await waitFor(() => expect(symbols()).toEqual(['XOM']));

    await user.type(search, 'ZZZ');
    expect(await screen.findByText(discoveryMessages.noResults)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: discoveryMessages.clearFilters }));
    expect(search).toHaveValue('');
    expect(screen.getByRole('button', { name: /Favourites/ })).toHaveAttribute('aria-pressed', 'false');
    expect(symbols()).toEqual(['XOM', 'AAPL', 'SPY', 'MSFT']);
  });

  it('keeps the old rows and shows the error when a refresh fails', async () => {
    const api = serve('proplus');
    const { user } = show();
    await screen.findByRole('button', { name: 'AAPL' });
    api.on('GET /data/discovery', fail(503, 'engine_unavailable'));
    const refresh = screen.getByRole('button', { name: /^Refresh/ });
    await user.click(refresh);
    // The trader's words, never the transport's ("API 503 engine_unavailable").
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Data unavailable\.$/);
    expect(symbols()).toEqual(['XOM', 'AAPL', 'SPY', 'MSFT']);
  });

  it('tries a busy host again before saying anything: a 503 then rows shows the rows', async () => {
    const api = serve('proplus');
    const answer = ok(
      servedDiscoveryRowsSchema,
      ROWS.map((r) => strip(r, hiddenDiscoveryKeys('proplus'))),
    );
    let calls = 0;
    api.on('GET /data/discovery', () => (++calls === 1 ? fail(503, 'engine_unavailable') : answer));
    renderUi(<DiscoveryWidget {...widgetProps('discovery')} />, { wrap: withSession, retries: true });
    expect(await screen.findByRole('button', { name: 'AAPL' })).toBeInTheDocument();
    expect(calls).toBe(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says Data unavailable. once every retry failed (3 tries)', async () => {
    const api = serve('proplus');
    api.on('GET /data/discovery', fail(503, 'engine_unavailable'));
    renderUi(<DiscoveryWidget {...widgetProps('discovery')} />, { wrap: withSession, retries: true });
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Data unavailable\.$/);
    expect(api.calls('GET /data/discovery')).toHaveLength(3);
  });
});
