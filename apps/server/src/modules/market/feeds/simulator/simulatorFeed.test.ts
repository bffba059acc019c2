import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HISTORY_BARS, type SimulatedHistory } from '@tapeline/market';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../../../platform/clock.ts';
import { recordingSink } from '../replay/recorder.ts';
import { ReplayFeed } from '../replay/replayFeed.ts';
import { captureSink, waitUntil } from '../testing/fakeWsServer.ts';
import { SimulatorFeed } from './simulatorFeed.ts';

// Monday 24 November 2025, 09:30 New York.
const OPEN = Date.UTC(2025, 10, 24, 14, 30);

describe('simulator feed', () => {
  it('starts at the opening bell on the virtual clock, scaled by SIM_SPEED', async () => {
    let wall = Date.UTC(2025, 10, 24, 20, 0); // 15:00 New York, same day
    const feed = new SimulatorFeed({
      seed: 1,
      symbols: 500,
      tradesPerSecond: 200,
      clock: 'virtual',
      speed: 60,
      tickMs: 5,
      // Its own now, the system timer: the test sets the time each tick reads.
      wall: { ...systemClock, now: () => wall },
    });
    expect(feed.startTs).toBe(OPEN);
    const { sink, got } = captureSink();
    await feed.start(sink);
    expect(got.references).toBe(1);
    expect(got.clock).toBe(OPEN);
    wall += 1_000; // one wall second = one virtual minute
    await waitUntil(() => got.clock === OPEN + 60_000);
    await feed.stop();
    expect(got.trades.length).toBeGreaterThan(5_000);
    expect(got.trades.every(([, , , ts]) => ts >= OPEN && ts <= OPEN + 60_000)).toBe(true);
    expect(feed.stats().trades).toBe(got.trades.length);
  });

  it('hands over its history once, after the reference data and before the first print', async () => {
    let wall = Date.UTC(2025, 10, 24, 13, 0); // 08:00 New York: the bell is still to come
    const feed = new SimulatorFeed({
      seed: 3,
      symbols: 50,
      tradesPerSecond: 100,
      clock: 'virtual',
      speed: 60,
      tickMs: 5,
      // Its own now, the system timer: the test sets the time each tick reads.
      wall: { ...systemClock, now: () => wall },
    });
    const { sink, got } = captureSink();
    await feed.start(sink);
    wall += 1_000;
    await waitUntil(() => got.trades.length > 0);
    await feed.stop();
    expect(got.histories.map(({ references, trades }) => ({ references, trades }))).toEqual([
      { references: 1, trades: 0 },
    ]);
    const history = got.histories[0]?.source as SimulatedHistory;
    // Every bar ends by 04:00 of the session the simulator opens in.
    expect(history.end).toBe(Date.UTC(2025, 10, 24, 9, 0));
    let bars = 0;
    history.replay({
      bars(_s, _tf, _d, count) {
        bars += count;
      },
      forming() {},
      profile() {},
    });
    expect(bars).toBe(50 * 8 * HISTORY_BARS);
  });

  it('follows the wall clock with SIM_CLOCK=wall', async () => {
    const wall = Date.UTC(2025, 10, 24, 16, 0);
    const feed = new SimulatorFeed({
      seed: 1,
      symbols: 100,
      tradesPerSecond: 50,
      clock: 'wall',
      speed: 60,
      // Its own now, the system timer: the test sets the time each tick reads.
      wall: { ...systemClock, now: () => wall },
    });
    expect(feed.startTs).toBe(wall);
  });

  it('records a simulated tape that replays and re-records byte for byte', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sim-'));
    try {
      let wall = 0;
      const first = path.join(dir, 'sim.ndjson');
      const again = path.join(dir, 'again.ndjson');
      const feed = new SimulatorFeed({
        seed: 4,
        symbols: 300,
        tradesPerSecond: 100,
        clock: 'virtual',
        speed: 1,
        tickMs: 5,
        startTs: OPEN,
        // Its own now, the system timer: the test sets the time each tick reads.
        wall: { ...systemClock, now: () => wall },
      });
      const { sink, got } = captureSink();
      const rec = recordingSink(sink, first);
      await feed.start(rec);
      wall += 10_000;
      await waitUntil(() => got.clock === OPEN + 10_000);
      await feed.stop();
      await rec.close();
      const replay = new ReplayFeed({
        file: first,
        symbolsFile: `${first}.symbols.json`,
        speed: Number.POSITIVE_INFINITY,
      });
      const rec2 = recordingSink(captureSink().sink, again);
      await replay.start(rec2);
      await replay.finished;
      await rec2.close();
      const tape = await readFile(first, 'utf8');
      expect(tape.split('\n').length).toBeGreaterThan(500);
      expect(await readFile(again, 'utf8')).toBe(tape);
      expect(replay.stats().malformed).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
