import { type DashboardConfig, defaultConfig } from '@tapeline/core';
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

  it('halts: one strip, newest first, halted amber and resumed muted, aged by the market clock (not the browser’s)', async () => {
    // The server's market clock runs two hours ahead of this browser's clock.
    const market = OPEN + 2 * 3_600_000;
    serve(market);
    await withOverlays();
    const at = (minutesAgo: number) => market - minutesAgo * 60_000;
    const halt = (symbol: string, minutesAgo: number, active = true) => ({
      ...entry(symbol, 4.2, 1),
      flag: 'LUDP',
      active,
      eventTs: at(minutesAgo),
    });
    arrives(wireBatch(OPEN, [], [], 1, [halt('OLD', 50, false), halt('MULN', 20, false), halt('LUDP', 5)]));
    flush();
    const chips = within(screen.getByRole('list', { name: 'Halts' })).getAllByRole('listitem');
    // 50 minutes old at market time is past the default 30 (by the browser's clock it is ahead).
    expect(chips.map((c) => [c.textContent?.split(' ')[0], c.className])).toEqual([
      ['LUDP', 'halted'],
      ['MULN', 'resumed'],
    ]);
  });

  it('halts: the symbol-length filter hides longer symbols, and 0 minutes hides every halt', async () => {
    serve(OPEN);
    const config = { ...defaultConfig(), halts: { minutes: 30, maxLength: 4 } };
    const { unmount } = await withOverlays(config);
    const recent = (symbol: string) => ({ ...entry(symbol, 1, 1), flag: 'T1', eventTs: OPEN - 60_000 });
    arrives(wireBatch(OPEN, [], [], 1, [recent('ABCDW'), recent('ABCD')]));
    flush();
    const bar = screen.getByRole('list', { name: 'Halts' });
    expect(
      within(bar)
        .getAllByRole('listitem')
        .map((c) => c.textContent?.split(' ')[0]),
    ).toEqual(['ABCD']);
    unmount();
    await withOverlays({ ...config, halts: { minutes: 0, maxLength: 0 } });
    arrives(wireBatch(OPEN + 100, [], [], 2, [recent('ABCE')]));
    flush();
    expect(screen.queryByRole('list', { name: 'Halts' })).not.toBeInTheDocument();
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
