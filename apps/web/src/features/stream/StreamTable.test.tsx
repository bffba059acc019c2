import { defaultConfig, encodeStreamEntry, type StreamEntry, streamEntryCodec } from '@tapeline/core';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test-setup/render.tsx';
import type { MarkContext } from './entryMarks.ts';
import { columnChars, StreamTable } from './StreamTable.tsx';

const NOW = Date.parse('2026-11-24T15:00:00Z');
const HOUR = 3_600_000;

/** An entry as the client reads it off the wire: the engine's array through core's codec. */
function entry(symbol: string, last: number, count: number, newsTime: number | null = null): StreamEntry {
  return streamEntryCodec.decode(
    encodeStreamEntry({
      symbol,
      last,
      count,
      active: true,
      flag: 0,
      volume: 900_000,
      exchange: 'NYSE',
      float: null,
      newsTime,
      storyTime: newsTime,
      atr: null,
      gap: null,
      eventTs: null,
      publishedTs: null,
    }),
  );
}

const marks = (overrides: Partial<MarkContext> = {}): MarkContext => ({
  optionable: new Set(),
  optionsMode: 'icon',
  news: defaultConfig().news,
  now: NOW,
  ...overrides,
});

const bodyRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .filter((row) => within(row).queryAllByRole('cell').length > 0);

describe('StreamTable', () => {
  beforeEach(() => {
    // jsdom lays nothing out; the scroll box is 440 px high, 20 rows of 22 px.
    vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(440);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('lists Symbol, Count and Last under its caption, prices to 2 decimals or 4 under $1', () => {
    renderUi(
      <StreamTable
        title="High"
        tone="high"
        rows={[entry('NVDA', 140, 5), entry('SIRI', 0.98765, 1)]}
        marks={marks()}
      />,
    );
    const table = screen.getByRole('table', { name: 'High stream' });
    expect(within(table).getByText('New Highs')).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Symbol', 'Count', 'Last']);
    expect(
      bodyRows(table).map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['NVDA', '5', '140.00'],
      ['SIRI', '1', '0.9877'],
    ]);
    expect(within(table).getByRole('button', { name: 'NVDA' })).toHaveAttribute('aria-haspopup', 'menu');
  });

  it('sizes Count and Last to their widest figure, so neither is ever cut (issue 29)', () => {
    expect(columnChars([])).toEqual({ count: 3, last: 6 });
    expect(columnChars([entry('BRKB', 4999.99, 1234), entry('SNDL', 0.5123, 7)])).toEqual({
      count: 4,
      last: 7,
    });
    renderUi(<StreamTable title="High" tone="high" rows={[entry('AMZN', 12345.67, 12)]} marks={marks()} />);
    const side = screen.getByRole('table', { name: 'High stream' }).closest('.stream-side') as HTMLElement;
    expect(side.style.getPropertyValue('--last-ch')).toBe('8');
    expect(side.style.getPropertyValue('--count-ch')).toBe('3');
  });

  it('waits for rows with a word of its own side', () => {
    renderUi(<StreamTable title="Low" tone="low" rows={[]} marks={marks()} />);
    const table = screen.getByRole('table', { name: 'Low stream' });
    expect(within(table).getByText('New Lows')).toBeInTheDocument();
    expect(screen.getByText('Waiting for new lows…')).toBeInTheDocument();
  });

  it('marks optionable symbols and recent news, leaving the symbol text bare', () => {
    renderUi(
      <StreamTable
        title="High"
        tone="high"
        rows={[entry('AAPL', 190, 2, NOW - HOUR), entry('XYZQ', 3, 1, NOW - 9 * HOUR)]}
        marks={marks({ optionable: new Set(['AAPL']) })}
      />,
    );
    const aapl = screen.getByRole('cell', { name: 'AAPL' });
    expect(aapl).toHaveAttribute('title', 'Has listed options · News within your recency window');
    expect(aapl).toHaveTextContent(/^AAPL$/);
    // News 9 hours old is outside the default 8-hour window; XYZQ has no options.
    expect(screen.getByRole('cell', { name: 'XYZQ' })).not.toHaveAttribute('title');
  });

  it('draws only the rows in view of a full side', () => {
    const rows = Array.from({ length: 300 }, (_, i) =>
      entry(`S${String(i).padStart(3, '0')}`, 10 + i, i + 1),
    );
    renderUi(<StreamTable title="High" tone="high" rows={rows} marks={marks()} />);
    const drawn = bodyRows(screen.getByRole('table', { name: 'High stream' }));
    expect(drawn.length).toBeGreaterThanOrEqual(20);
    expect(drawn.length).toBeLessThan(60);
    expect(within(drawn[0] as HTMLElement).getByRole('button', { name: 'S000' })).toBeInTheDocument();
  });
});
