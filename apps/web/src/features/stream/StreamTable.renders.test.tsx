import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { defaultConfig, type StreamEntry } from '@tapeline/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MarkContext } from './entryMarks.ts';
import { StreamTable } from './StreamTable.tsx';

// Issue 27 §1: what the widget's clock costs the page. The virtualiser's hook runs
// once per render of a table, so counting its calls counts the table's renders.
const renders = vi.hoisted(() => ({ count: 0 }));
vi.mock('@tanstack/react-virtual', async (importOriginal) => {
  const real = await importOriginal<typeof import('@tanstack/react-virtual')>();
  return {
    ...real,
    useVirtualizer: ((options) => {
      renders.count += 1;
      return real.useVirtualizer(options);
    }) as typeof real.useVirtualizer,
  };
});

const entry = (symbol: string, last: number): StreamEntry => ({
  symbol,
  last,
  count: 1,
  active: true,
  flag: 0,
  volume: 900_000,
  exchange: 'NYSE',
  float: null,
  newsTime: null,
  storyTime: null,
  atr: null,
  gap: null,
  eventTs: null,
  publishedTs: null,
});

const MARKS: MarkContext = {
  optionable: new Set(),
  optionsMode: 'icon',
  news: defaultConfig().news,
  now: Date.parse('2026-11-24T15:00:00Z'),
};

const withQueries = (children: ReactNode) => (
  <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
);

describe('StreamTable renders', () => {
  beforeEach(() => {
    vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(440);
    renders.count = 0;
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("the widget's clock re-renders the widget, not its tables", () => {
    const rows = [entry('AAPL', 190), entry('NVDA', 140)];
    /** A widget that ticks as StreamWidget's 1 s clock does, passing the same rows and marks. */
    function Ticking() {
      const [tick, setTick] = useState(0);
      return (
        <>
          <button type="button" onClick={() => setTick(tick + 1)}>
            tick {tick}
          </button>
          <StreamTable title="High" tone="high" rows={rows} marks={MARKS} />
        </>
      );
    }
    render(withQueries(<Ticking />));
    const before = renders.count;
    expect(before).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'tick 0' }));
    fireEvent.click(screen.getByRole('button', { name: 'tick 1' }));
    expect(screen.getByRole('button', { name: 'tick 2' })).toBeInTheDocument();
    expect(renders.count).toBe(before);
  });
});
