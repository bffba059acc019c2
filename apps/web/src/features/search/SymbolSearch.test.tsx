import { messages, usernameListSchema } from '@tapeline/core';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, ok, withDataHost } from '../../test-setup/fakeApi.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { overlays, SymbolOverlays } from '../symbols/index.ts';
import { SymbolSearch } from './SymbolSearch.tsx';
import { searchText } from './searchText.ts';

const NAMES = [
  { s: 'AAPL', n: 'Apple Inc.' },
  { s: 'AMD', n: 'Advanced Micro Devices' },
  { s: 'MSFT', n: 'Microsoft Corporation' },
];
const USERS = [
  { id: '8a1c1d52-6c1e-4c59-9e59-3b0d0d7f1a01', username: 'tapereader' },
  { id: '8a1c1d52-6c1e-4c59-9e59-3b0d0d7f1a02', username: 'tapeworm' },
];

function serve() {
  return withDataHost(fakeApi())
    .on('GET /data/stock-names.json', { status: 200, body: NAMES })
    .on('GET /api/users', ok(usernameListSchema, USERS))
    .on('POST /api/stock_stats/inc/AMD', { status: 200, body: { success: true } })
    .on('GET /api/stock_stats/top', { status: 200, body: { success: true, data: [] } });
}

const box = () => screen.getByRole('combobox', { name: searchText.placeholder });

afterEach(() => overlays.close());

describe('SymbolSearch', () => {
  it('finds symbols by symbol and by company name', async () => {
    serve();
    const { user } = renderUi(<SymbolSearch />);
    await user.type(box(), 'micro');
    const results = await screen.findByRole('listbox', { name: searchText.results });
    const options = within(results).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(
      expect.arrayContaining(['AMDAdvanced Micro Devices', 'MSFTMicrosoft Corporation']),
    );
    expect(options.map((o) => o.textContent)).not.toContain('AAPLApple Inc.');
  });

  it('says NO RESULTS FOUND when nothing matches', async () => {
    serve();
    const { user } = renderUi(<SymbolSearch />);
    await user.type(box(), 'ZZZZQ');
    expect(await screen.findByTestId('search-note')).toHaveTextContent(messages.noResults);
  });

  it('asks for three characters after @, then lists matching users', async () => {
    serve();
    const { user } = renderUi(<SymbolSearch />);
    await user.type(box(), '@ta');
    expect(await screen.findByTestId('search-note')).toHaveTextContent(searchText.userHint);
    await user.type(box(), 'pe');
    const results = await screen.findByRole('listbox', { name: searchText.results });
    expect(
      within(results)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(expect.arrayContaining(['@tapereader', '@tapeworm']));
  });

  it('moves through the results with the arrows and opens the chosen symbol menu with Enter', async () => {
    const api = serve();
    const { user } = renderUi(
      <>
        <SymbolSearch />
        <SymbolOverlays />
      </>,
    );
    await user.type(box(), 'a');
    const results = await screen.findByRole('listbox', { name: searchText.results });
    const first = within(results).getAllByRole('option')[0];
    expect(first).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{ArrowDown}');
    const selected = within(results).getByRole('option', { selected: true });
    const symbol = selected.querySelector('.search-option__symbol')?.textContent ?? '';
    expect(box()).toHaveAttribute('aria-activedescendant', selected.id);

    api.on(`POST /api/stock_stats/inc/${symbol}`, { status: 200, body: { success: true } });
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menu', { name: `${symbol} actions` })).toBeInTheDocument();
    // The box empties and its list closes once a symbol is chosen.
    expect(box()).toHaveValue('');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('choosing a symbol with the mouse counts it toward popularity', async () => {
    const api = serve();
    const { user } = renderUi(
      <>
        <SymbolSearch />
        <SymbolOverlays />
      </>,
    );
    await user.type(box(), 'AMD');
    await user.click(await screen.findByRole('option', { name: /AMD/ }));
    expect(await screen.findByRole('menu', { name: 'AMD actions' })).toBeInTheDocument();
    expect(api.calls('POST /api/stock_stats/inc/AMD').length).toBeGreaterThanOrEqual(1);
  });

  it('Escape closes the list and keeps the text', async () => {
    serve();
    const { user } = renderUi(<SymbolSearch />);
    await user.type(box(), 'micro');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box()).toHaveValue('micro');
  });

  it('the search button opens a full-screen bar with its own Cancel', async () => {
    serve();
    const { user } = renderUi(<SymbolSearch />);
    await user.click(screen.getByRole('button', { name: searchText.open }));
    expect(screen.getByTestId('symbol-search')).toHaveClass('search--full');
    expect(box()).toHaveFocus();
    await user.click(screen.getByRole('button', { name: searchText.close }));
    expect(screen.getByTestId('symbol-search')).not.toHaveClass('search--full');
  });
});
