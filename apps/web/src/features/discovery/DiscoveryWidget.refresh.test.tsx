import {
  DISCOVERY_REFRESH_MS,
  quoteListSchema,
  type ServedDiscoveryRow,
  servedDiscoveryRowsSchema,
} from '@tapeline/core';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, withDataHost } from '../../test-setup/fakeApi.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { signedIn, subscription, withSession } from '../../test-setup/session.tsx';
import { widgetProps } from '../../test-setup/widgetProps.ts';
import { DiscoveryWidget } from './DiscoveryWidget.tsx';
import { serveFilters } from './filters/filterFixtures.tsx';
import { servedRow } from './table/discoveryFixtures.ts';

// The refresh countdown is the refresh (issue 27): 30 s from the last refresh's start, reset
// by a manual one, never stuck at 0 s. On a fake clock, started once the rows are on screen.
const ROWS: ServedDiscoveryRow[] = [servedRow('AAPL', { p: [2, 4], e: 9 })];
const advance = (ms: number) => act(async () => vi.advanceTimersByTimeAsync(ms));
const countdown = () => screen.getByTestId('discovery-countdown').textContent;

/** The data host answering Discovery `ms` later, as on a loaded machine (5.2 s in issue 27). */
const slowly = (ms: number) => () =>
  new Promise<{ status: number; body: unknown }>((resolve) =>
    setTimeout(() => resolve(ok(servedDiscoveryRowsSchema, ROWS)), ms),
  );

async function shown() {
  const api = withDataHost(serveFilters({ filters: {}, selected: 'Default' }));
  signedIn(api, { subscription: subscription('proplus') });
  api
    .on('GET /data/discovery', ok(servedDiscoveryRowsSchema, ROWS))
    .on('GET /api/quotes', ok(quoteListSchema, []))
    .on('GET /data/stock-names.json', { status: 200, body: [] });
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(650);
  // Fake from the start (the widget's timers are made on this clock), also moving with real
  // time so the first rows can come: the figures below allow a second of it.
  vi.useFakeTimers({ shouldAdvanceTime: true });
  renderUi(<DiscoveryWidget {...widgetProps('discovery')} />, { wrap: withSession });
  await screen.findByRole('button', { name: 'AAPL' });
  await advance(0);
  return { api, fetches: () => api.calls('GET /data/discovery').length };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Discovery refresh countdown', () => {
  it('refreshes when the countdown runs out, every 30 s, and starts again from 30 at once', async () => {
    const { api, fetches } = await shown();
    api.on('GET /data/discovery', slowly(5000));
    const before = fetches();
    await advance(DISCOVERY_REFRESH_MS - 1000);
    expect(fetches()).toBe(before);
    expect(countdown()).toMatch(/^[12]s$/);
    await advance(1000);
    expect(fetches()).toBe(before + 1);
    // The refreshing state passes while the slow answer is still on its way: the countdown
    // already counts to the next refresh, 30 s after this one started (not 0 s, not 35).
    await advance(3000);
    expect(countdown()).toMatch(/^(27|28)s$/);
    await advance(DISCOVERY_REFRESH_MS - 3000);
    expect(fetches()).toBe(before + 2);
  });

  it('a manual refresh starts the countdown again', async () => {
    const { api, fetches } = await shown();
    api.on('GET /data/discovery', slowly(5000));
    const before = fetches();
    await advance(20_000);
    expect(countdown()).toMatch(/^(10|11)s$/);
    fireEvent.click(screen.getByRole('button', { name: /^Refresh/ }));
    await advance(3000);
    expect(fetches()).toBe(before + 1);
    expect(countdown()).toMatch(/^(27|28)s$/);
    // The old schedule (10 s later) does not refresh; the new one (30 s after the click) does.
    await advance(DISCOVERY_REFRESH_MS - 4000);
    expect(fetches()).toBe(before + 1);
    await advance(1000);
    expect(fetches()).toBe(before + 2);
  });
});
