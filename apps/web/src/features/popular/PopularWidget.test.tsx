import { popularListSchema } from '@tapeline/core';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, fakeApi, ok } from '../../test-setup/fakeApi.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { widgetProps } from '../../test-setup/widgetProps.ts';
import { overlays, SymbolOverlays } from '../symbols/index.ts';
import { PopularWidget } from './PopularWidget.tsx';
import { popularText } from './popularText.ts';

const top = (...symbols: string[]) =>
  ok(popularListSchema, { success: true, data: symbols.map((symbol, i) => ({ symbol, score: 100 - i })) });

afterEach(() => overlays.close());

describe('PopularWidget', () => {
  it('lists the popular symbols, most popular first and largest', async () => {
    fakeApi().on('GET /api/stock_stats/top', top('NVDA', 'AAPL', 'TSLA'));
    renderUi(<PopularWidget {...widgetProps('popular')} />);

    const list = await screen.findByRole('list', { name: popularText.list });
    const buttons = within(list).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['NVDA', 'AAPL', 'TSLA']);
    expect(buttons[0]).toHaveStyle({ fontSize: '32px' });
  });

  it('says how symbols become popular when none are yet', async () => {
    fakeApi().on('GET /api/stock_stats/top', top());
    renderUi(<PopularWidget {...widgetProps('popular')} />);
    expect(await screen.findByText(popularText.empty)).toBeInTheDocument();
  });

  it('says the list is unavailable when the API fails', async () => {
    fakeApi().on('GET /api/stock_stats/top', fail(503, 'service_unavailable'));
    renderUi(<PopularWidget {...widgetProps('popular')} />);
    expect(await screen.findByText(popularText.failed)).toBeInTheDocument();
  });

  it('shows at most 100 symbols', async () => {
    const many = Array.from({ length: 120 }, (_, i) => `S${i}`);
    fakeApi().on('GET /api/stock_stats/top', top(...many));
    renderUi(<PopularWidget {...widgetProps('popular')} />);
    const list = await screen.findByRole('list', { name: popularText.list });
    expect(within(list).getAllByRole('listitem')).toHaveLength(100);
    // From 32 px for the first down to 12 px for the hundredth.
    expect(within(list).getByRole('button', { name: 'S0' })).toHaveStyle({ fontSize: '32px' });
    expect(within(list).getByRole('button', { name: 'S99' })).toHaveStyle({ fontSize: '12px' });
    expect(screen.queryByRole('button', { name: 'S100' })).not.toBeInTheDocument();
  });

  it('a click opens the symbol menu, counts the click and refreshes the list', async () => {
    const api = fakeApi()
      .on('GET /api/stock_stats/top', top('NVDA', 'AAPL'))
      .on('POST /api/stock_stats/inc/AAPL', { status: 200, body: { success: true } });
    const { user } = renderUi(
      <>
        <PopularWidget {...widgetProps('popular')} />
        <SymbolOverlays />
      </>,
    );

    await user.click(await screen.findByRole('button', { name: 'AAPL' }));
    expect(screen.getByRole('menu', { name: 'AAPL actions' })).toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET /api/stock_stats/top')).toHaveLength(2));
    expect(api.calls('POST /api/stock_stats/inc/AAPL')).toHaveLength(1);
  });

  it('a symbol new to the list blinks', async () => {
    let symbols = ['NVDA'];
    const api = fakeApi().on('GET /api/stock_stats/top', () => top(...symbols));
    api.on('POST /api/stock_stats/inc/NVDA', { status: 200, body: { success: true } });
    const { user } = renderUi(<PopularWidget {...widgetProps('popular')} />);

    const first = await screen.findByRole('button', { name: 'NVDA' });
    expect(first).not.toHaveAttribute('data-blinking');
    symbols = ['AMD', 'NVDA'];
    await user.click(first);
    const risen = await screen.findByRole('button', { name: 'AMD' });
    expect(risen).toHaveAttribute('data-blinking', 'true');
  });
});
