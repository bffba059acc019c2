import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DiscoveryRow } from '@tapeline/market';
import { ymdFromDays } from '@tapeline/market';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLog } from '../../../../platform/log.ts';
import { EngineRuntime } from '../../engine/runtime.ts';
import { sessionsBefore } from '../history/buildHistory.ts';
import { dailyBar, FIXTURE, NOW, PRIOR, quarterBars, TODAY } from '../testing/historyFixtures.ts';
import { ReplayFeed } from './replayFeed.ts';
import { historyFileOf } from './replayHistory.ts';

// A tape with `<tape>.history.ndjson` beside it: the replay seeds the history before its first
// event, so ATR, squeeze and trend are there from the first print (the fixtures of the vendor
// history tests, written in the replay's own line format).

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'replay-history-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const iso = (day: number) => {
  const ymd = String(ymdFromDays(day));
  return `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6)}`;
};

function historyLines(): string[] {
  const lines: string[] = [];
  for (const f of FIXTURE) {
    for (const s of sessionsBefore(TODAY, 60)) {
      const b = dailyBar(f, s);
      if (b)
        lines.push(
          JSON.stringify({
            type: 'day',
            sym: f.sym,
            date: iso(s.day),
            o: b.o,
            h: b.h,
            l: b.l,
            c: b.c,
            v: b.v,
          }),
        );
    }
    if (!f.intraday) continue;
    for (const s of [PRIOR, TODAY]) {
      for (const b of quarterBars(f, s, s === TODAY ? NOW - 900_000 : s.end))
        lines.push(
          JSON.stringify({ type: '15min', sym: f.sym, t: b.t, o: b.o, h: b.h, l: b.l, c: b.c, v: b.v }),
        );
    }
  }
  return lines;
}

async function replay(withHistory: boolean, extra: string[] = []) {
  const tape = path.join(dir, 'session.ndjson');
  await writeFile(
    tape,
    `${JSON.stringify({ type: 'trade', sym: 'AAA', price: 50.01, size: 100, ts: NOW })}\n`,
  );
  if (withHistory) await writeFile(historyFileOf(tape), `${[...historyLines(), ...extra].join('\n')}\n`);
  const runtime = new EngineRuntime('replay', null, { clockStart: NOW });
  const info: string[] = [];
  const feed = new ReplayFeed({
    file: tape,
    symbolsFile: null,
    speed: Number.POSITIVE_INFINITY,
    logger: { ...silentLog, info: (m: object | string) => void info.push(String(m)) },
  });
  await feed.start(runtime.sink);
  await feed.finished;
  return { runtime, info };
}

const rows = (r: EngineRuntime, tf: '1day' | '1hr' | '15min') =>
  new Map(
    (JSON.parse(r.answer({ kind: 'discovery', tf, access: 'proplus' })) as DiscoveryRow[]).map((row) => [
      row.s,
      row,
    ]),
  );

describe('replay: a history file beside the tape', () => {
  it('fills ATR, squeeze and trend from the first print for symbols with enough bars', async () => {
    const { runtime, info } = await replay(true, ['{"type":"day","sym":"AAA"}', 'not json']);
    for (const tf of ['1day', '1hr', '15min'] as const) {
      const row = rows(runtime, tf).get('AAA');
      expect(typeof row?.tr, `${tf} tr`).toBe('number');
      expect(typeof row?.z, `${tf} z`).toBe('number');
      expect(Array.isArray(row?.st), `${tf} st`).toBe(true);
    }
    // 15 sessions: ATR and trend, not the 20-bar squeeze.
    const newb = rows(runtime, '1day').get('NEWB');
    expect(typeof newb?.tr).toBe('number');
    expect(newb?.z).toBeNull();
    expect(info).toEqual([
      expect.stringMatching(/^replay history: 3 symbols from .*2 malformed lines skipped$/),
    ]);
  });

  it('without the file the tape starts with no history, as before', async () => {
    const { runtime, info } = await replay(false);
    expect(rows(runtime, '1day').get('AAA')?.tr ?? null).toBeNull();
    expect(info).toEqual([]);
  });
});
