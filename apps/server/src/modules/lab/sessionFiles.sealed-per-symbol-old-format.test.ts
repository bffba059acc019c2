import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defaultChannels, type RuleSet, type StreamChannel } from '@tapeline/core';
import { backtestSession, ruleSymbols, SEAL_BLOCK, sessionBars } from '@tapeline/market';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSessions } from './seedSessions.ts';
import { SESSION_FORMAT, SessionFiles } from './sessionFiles.ts';

// The recorded sessions' files: a complete session is sealed by its first read and reads back the
// same (every symbol's bars and events, the opening state, a backtest's fires); a rule on one
// symbol reads only its symbol's block; a session of an older format is never read and goes.

const dir = mkdtempSync(path.join(tmpdir(), 'tapeline-sessions-'));
const files = new SessionFiles(dir);
let date = '';
beforeAll(() => {
  // 40 symbols: two blocks, so a one-symbol read leaves the other block out.
  [date] = seedSessions({
    dir,
    keep: 30,
    seed: 11,
    symbols: SEAL_BLOCK + 8,
    before: Date.UTC(2026, 10, 25, 14, 30),
    sessions: 1,
    seal: false,
  }) as [string];
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const [main, alt] = defaultChannels() as [StreamChannel, StreamChannel];
const priceRule = (symbol: string): RuleSet => ({
  tier: 'proplus',
  rules: [{ id: 1, type: 'price', category: symbol, rate: 0.25, high: null, low: null }],
  filtered: [],
  channels: { main, alt },
  favorites: [],
});

describe('SessionFiles: sealed sessions and per-symbol reads', () => {
  it('seals a complete session on its first read, and the sealed form reads back the same', () => {
    expect(existsSync(path.join(dir, date, 'bars.bin'))).toBe(true);
    const log = files.read(date);
    expect(existsSync(path.join(dir, date, 'sealed.bin'))).toBe(true);
    expect(existsSync(path.join(dir, date, 'bars.bin'))).toBe(false);
    const sealed = files.read(date);
    expect(log.rows).toBeGreaterThan(1000);
    expect(sealed.rows).toBe(log.rows);
    expect(sealed.events).toBe(log.events);
    expect(sealed.open).toEqual(log.open);
    expect([...sealed.symbols].sort()).toEqual([...log.symbols].sort());
    for (const s of log.symbols) expect(sessionBars(sealed, s)).toEqual(sessionBars(log, s));
    const symbol = log.symbols[3] as string;
    const fires = backtestSession(log, priceRule(symbol));
    expect(fires.length).toBeGreaterThan(0);
    expect(backtestSession(sealed, priceRule(symbol))).toEqual(fires);
  });

  it('reads only the block of a one-symbol rule: that symbol’s bars exactly, the same fires', () => {
    const full = files.read(date);
    const symbol = full.symbols[full.symbols.length - 1] as string;
    const set = priceRule(symbol);
    expect(ruleSymbols(set)).toEqual([symbol]);
    const one = files.read(date, ruleSymbols(set));
    expect(one.symbols).toContain(symbol);
    expect(one.symbols.length).toBeLessThanOrEqual(SEAL_BLOCK);
    expect(one.open.symbols.length).toBeLessThanOrEqual(SEAL_BLOCK);
    expect(one.rows).toBeLessThan(full.rows);
    expect(sessionBars(one, symbol)).toEqual(sessionBars(full, symbol));
    expect(backtestSession(one, set)).toEqual(backtestSession(full, set));
  });

  it('ignores a session of an older format, and deletes it on prune or when that date is recorded again', () => {
    const old = '2026-11-02';
    mkdirSync(path.join(dir, old), { recursive: true });
    writeFileSync(
      path.join(dir, old, 'meta.json'),
      JSON.stringify({ date: old, feed: 'simulator', seeded: true, complete: true }),
    );
    writeFileSync(path.join(dir, old, 'open.bin'), 'old');
    writeFileSync(path.join(dir, old, 'bars.bin'), 'old');
    expect(files.readMeta(old)).toBeNull();
    expect(files.dates()).toEqual([date]);
    expect(files.list().map((s) => s.date)).toEqual([date]);
    const open = files.read(date).open;
    files.begin({ date: old, feed: 'simulator', seeded: false, complete: false }, () => open);
    expect(files.readMeta(old)).toMatchObject({ format: SESSION_FORMAT, complete: false });
    expect(existsSync(path.join(dir, old, 'bars.bin'))).toBe(false);
    writeFileSync(
      path.join(dir, old, 'meta.json'),
      JSON.stringify({ date: old, format: SESSION_FORMAT - 1 }),
    );
    files.prune(30);
    expect(existsSync(path.join(dir, old))).toBe(false);
    expect(files.dates()).toEqual([date]);
  });
});
