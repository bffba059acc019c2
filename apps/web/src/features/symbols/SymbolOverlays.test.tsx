import { messages } from '@tapeline/core';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, withDataHost } from '../../test-setup/fakeApi.ts';
import { configAnswer } from '../../test-setup/fixtures.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { chartDialog } from '../alertLab/index.ts';
import { overlays } from './overlayStore.ts';
import { SymbolLink } from './SymbolLink.tsx';
import { SymbolOverlays } from './SymbolOverlays.tsx';
import { symbolText } from './symbolText.ts';

function serve() {
  return withDataHost(fakeApi())
    .on('POST /api/stock_stats/inc/NVDA', { status: 200, body: { success: true } })
    .on('GET /api/stock_stats/top', { status: 200, body: { success: true, data: [] } })
    .on('GET /api/config', configAnswer())
    .on('GET /data/stock-names.json', { status: 200, body: [{ s: 'NVDA', n: 'NVIDIA Corporation' }] });
}

function renderSymbol() {
  return renderUi(
    <>
      <SymbolLink symbol="NVDA" />
      <p>elsewhere</p>
      <SymbolOverlays />
    </>,
  );
}

const symbolButton = () => screen.getByRole('button', { name: 'NVDA' });
const menu = () => screen.getByRole('menu', { name: symbolText.menuLabel('NVDA') });

afterEach(() => overlays.close());

describe('symbol menu and popups', () => {
  it('a click opens the menu with its five items, the first focused, and counts the click', async () => {
    const api = serve();
    const { user } = renderSymbol();
    await user.click(symbolButton());
    const items = within(menu()).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([
      symbolText.copy,
      symbolText.moneyFlow,
      symbolText.volume,
      symbolText.chart,
      symbolText.addAlert,
    ]);
    expect(items[0]).toHaveFocus();
    expect(items[4]).not.toHaveAttribute('aria-disabled');
    await waitFor(() => expect(api.calls('POST /api/stock_stats/inc/NVDA')).toHaveLength(1));
  });

  it('a right-click opens the same menu', async () => {
    serve();
    const { user } = renderSymbol();
    await user.pointer({ keys: '[MouseRight]', target: symbolButton() });
    expect(menu()).toBeInTheDocument();
  });

  it('arrow keys move through the items and wrap; Escape closes and gives focus back', async () => {
    serve();
    const { user } = renderSymbol();
    await user.click(symbolButton());
    const items = within(menu()).getAllByRole('menuitem');
    await user.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await user.keyboard('{End}');
    expect(items[4]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(items[0]).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(items[4]).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(symbolButton()).toHaveFocus();
  });

  it('Chart closes the menu and opens the symbol’s chart of today', async () => {
    serve();
    const { user } = renderSymbol();
    await user.click(symbolButton());
    await user.click(screen.getByRole('menuitem', { name: symbolText.chart }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(chartDialog.current()).toEqual({ symbol: 'NVDA' });
    chartDialog.close();
  });

  it('a press elsewhere closes the menu', async () => {
    serve();
    const { user } = renderSymbol();
    await user.click(symbolButton());
    await user.click(screen.getByText('elsewhere'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('Copy symbol copies it and says so', async () => {
    serve();
    const { user } = renderSymbol();
    await user.click(symbolButton());
    await user.click(screen.getByRole('menuitem', { name: symbolText.copy }));
    expect(await screen.findByText(symbolText.copied('NVDA'))).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe('NVDA');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('Money flow shows each timeframe from the data host, shortest first', async () => {
    serve().on('GET /data/money-flow/NVDA', {
      status: 200,
      body: { success: true, data: { '1day': [2_500_000, -3.5], '15min': [120_000, 12.25], '1wk': null } },
    });
    const { user } = renderSymbol();
    await user.click(symbolButton());
    await user.click(screen.getByRole('menuitem', { name: symbolText.moneyFlow }));

    const panel = screen.getByRole('dialog', { name: `NVDA ${symbolText.panelTitle.moneyFlow}` });
    const table = await within(panel).findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['15m', '1D']);
    expect(rows[0]).toHaveTextContent('$');
    expect(rows[1]?.querySelector('.trend-down')).not.toBeNull();
  });

  it('a popup with nothing to show says the data is unavailable, and Close closes it', async () => {
    serve().on('GET /data/real-volume/NVDA', fail(503, 'service_unavailable'));
    const { user } = renderSymbol();
    await user.click(symbolButton());
    await user.click(screen.getByRole('menuitem', { name: symbolText.volume }));
    const panel = screen.getByRole('dialog', { name: `NVDA ${symbolText.panelTitle.volume}` });
    expect(await within(panel).findByText(messages.dataUnavailable)).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: symbolText.close }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('resting the mouse on a symbol shows its company name', async () => {
    serve();
    const { user } = renderSymbol();
    await user.hover(symbolButton());
    const tip = await screen.findByRole('tooltip');
    expect(await within(tip).findByText('NVIDIA Corporation')).toBeInTheDocument();
    await user.unhover(symbolButton());
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('shows no hover popup while a menu is open', async () => {
    serve();
    const { user } = renderSymbol();
    await user.click(symbolButton());
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.hover(symbolButton());
    vi.advanceTimersByTime(1000);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
