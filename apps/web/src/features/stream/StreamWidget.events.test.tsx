import type { DashboardConfig } from '@tapeline/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SymbolOverlays } from '../symbols/index.ts';
import {
  arrives,
  entry,
  FLUSH_MS,
  flush,
  freshTabEachTest,
  highs,
  mainPriced,
  OPEN,
  renderStream,
  rowsOf,
  serve,
  wireBatch,
} from './testing/streamTestKit.ts';

// Issue 29 items 1 and 4: the unusual-volume strip, halt chips as symbols, rows that hold still
// under the pointer. The socket is hand-fed, batches built as the engine sends them.
vi.mock('../../lib/tabSocket.ts', () => import('../../test-setup/fakeSocket.ts'));
const withOverlays = (config?: DashboardConfig) => renderStream(config, <SymbolOverlays />);

/** An unusual-volume event as the engine sends it: level reached as count, uVol % as flag. */
const uvol = (symbol: string, last: number, level: number, pct: number, at: string) => ({
  ...entry(symbol, last, level),
  flag: pct,
  eventTs: Date.parse(at),
});

describe('StreamWidget events', () => {
  freshTabEachTest();

  it('shows unusual-volume events in their own strip, newest first, with uVol and New York time', async () => {
    serve();
    await withOverlays();
    expect(screen.queryByRole('list', { name: 'Unusual volume' })).not.toBeInTheDocument();
    arrives(wireBatch(OPEN, [], [], 1, [], [uvol('GME', 22.5, 1, 145, '2026-11-24T15:40:00Z')]));
    arrives(wireBatch(OPEN + 100, [], [], 2, [], [uvol('AMC', 4.1, 3, 1234, '2026-11-24T15:41:30Z')]));
    flush();
    const strip = screen.getByRole('list', { name: 'Unusual volume' });
    const chips = within(strip).getAllByRole('listitem');
    expect(chips.map((c) => c.textContent)).toEqual(['AMC UVOL +1,234% 10:41:30', 'GME UVOL +145% 10:40:00']);
    // A newer level of the same symbol replaces its chip and moves it to the front.
    arrives(wireBatch(OPEN + 200, [], [], 3, [], [uvol('GME', 23, 2, 210, '2026-11-24T15:42:00Z')]));
    flush();
    expect(
      within(strip)
        .getAllByRole('listitem')
        .map((c) => c.textContent),
    ).toEqual(['GME UVOL +210% 10:42:00', 'AMC UVOL +1,234% 10:41:30']);
  });

  it("applies the channel's filters to unusual-volume events", async () => {
    serve();
    const config = mainPriced(5, 50);
    await withOverlays(config);
    arrives(
      wireBatch(
        OPEN,
        [],
        [],
        1,
        [],
        [uvol('PENY', 2, 1, 150, '2026-11-24T15:40:00Z'), uvol('MIDL', 20, 1, 120, '2026-11-24T15:40:01Z')],
      ),
    );
    flush();
    const strip = screen.getByRole('list', { name: 'Unusual volume' });
    expect(
      within(strip)
        .getAllByRole('listitem')
        .map((c) => c.textContent),
    ).toEqual(['MIDL UVOL +120% 10:40:01']);
  });

  it('a halt chip is a symbol: a click opens its menu', async () => {
    serve();
    const { user } = await withOverlays();
    const halted = { ...entry('LUDP', 4.2, 1), flag: 'LUDP', eventTs: Date.parse('2026-11-24T15:42:13Z') };
    arrives(wireBatch(OPEN, [], [], 1, [halted]));
    flush();
    const bar = screen.getByRole('list', { name: 'Halts' });
    await user.click(within(bar).getByRole('button', { name: 'LUDP' }));
    expect(screen.getByRole('menu', { name: 'LUDP actions' })).toBeInTheDocument();
  });

  it('rows hold still while the mouse rests on them, and catch up when it leaves', async () => {
    serve();
    const { user } = await withOverlays();
    arrives(wireBatch(OPEN, [entry('AAPL', 187.5, 3), entry('NVDA', 140, 1)]));
    flush();
    const side = highs().closest('.stream-side') as HTMLElement;
    const before = [
      ['NVDA', '1', '140.00'],
      ['AAPL', '3', '187.50'],
    ];
    expect(rowsOf(highs())).toEqual(before);

    await user.hover(within(highs()).getByRole('button', { name: 'AAPL' }));
    expect(side).toHaveAttribute('data-paused', 'true');
    arrives(wireBatch(OPEN + FLUSH_MS, [entry('AAPL', 188, 4), entry('TSLA', 201, 1)], [], 2));
    flush();
    // Under the pointer nothing moves: the click aimed at AAPL still lands on AAPL.
    expect(rowsOf(highs())).toEqual(before);
    await user.click(within(highs()).getByRole('button', { name: 'AAPL' }));
    expect(screen.getByRole('menu', { name: 'AAPL actions' })).toBeInTheDocument();

    await user.unhover(side.querySelector('.stream-scroll') as HTMLElement);
    expect(side).not.toHaveAttribute('data-paused');
    expect(rowsOf(highs())).toEqual([
      ['TSLA', '1', '201.00'],
      ['AAPL', '4', '188.00'],
      ['NVDA', '1', '140.00'],
    ]);
  });
});
