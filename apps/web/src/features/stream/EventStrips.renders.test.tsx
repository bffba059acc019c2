import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { StreamEntry } from '@tapeline/core';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EventStrips } from './EventStrips.tsx';

// Issue 27 §1: the strips re-render with the widget's clock every second; a chip's words are
// worked out again only when its entry changes. Each chip reads its time once through nyClock.
const calls = vi.hoisted(() => ({ nyClock: 0 }));
vi.mock('../../lib/nyTime.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../lib/nyTime.ts')>();
  return {
    ...real,
    nyClock: (ms: number) => {
      calls.nyClock += 1;
      return real.nyClock(ms);
    },
  };
});

const AT = Date.parse('2026-11-24T15:40:00Z');

const event = (symbol: string, flag: number | string, active: boolean): StreamEntry => ({
  symbol,
  last: 5,
  count: 2,
  active,
  flag,
  volume: 900_000,
  exchange: 'NYSE',
  float: null,
  newsTime: null,
  storyTime: null,
  atr: null,
  gap: null,
  eventTs: AT,
  publishedTs: null,
});

const withQueries = (children: ReactNode) => (
  <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
);

describe('EventStrips renders', () => {
  beforeEach(() => {
    calls.nyClock = 0;
  });

  it("the clock's tick redraws no chip; a changed entry redraws its own", () => {
    const halts = [event('LUDP', 'LUDP', true)];
    const uvols = [event('GME', 1234, true), event('AMC', 145, true)];
    const strips = (now: number, u = uvols) => withQueries(<EventStrips halts={halts} uvols={u} now={now} />);
    const { rerender } = render(strips(AT));
    expect(screen.getByText('UVOL +1,234% 10:40:00')).toBeInTheDocument();
    expect(calls.nyClock).toBe(3);
    rerender(strips(AT + 1000));
    rerender(strips(AT + 2000));
    expect(calls.nyClock).toBe(3);
    rerender(strips(AT + 3000, [event('GME', 1500, true), uvols[1] as StreamEntry]));
    expect(screen.getByText('UVOL +1,500% 10:40:00')).toBeInTheDocument();
    expect(calls.nyClock).toBe(4);
  });
});
