import type { BacktestFire, FiredDraft, RuleSet, SessionBars } from '@tapeline/core';
import { directionOf, isoDate, PricePaths } from './outcomes.ts';
import { type ReplayOptions, replaySession } from './replay.ts';
import { isSymbolCategory } from './ruleSymbols.ts';
import type { SessionTape } from './sessionTape.ts';
import { EVENT_HALT, EVENT_KINDS, EVENT_RESUME } from './tapeFormat.ts';

/** One session's fires with what followed each (the lab's unit of work and of progress). */
export function backtestSession(
  tape: SessionTape,
  set: RuleSet,
  options: ReplayOptions = {},
): BacktestFire[] {
  const fired = replaySession(tape, set, { ...options, only: symbolsRead(tape, set) });
  if (fired.length === 0) return [];
  const paths = new PricePaths(tape, tape.open.takenAt);
  const session = isoDate(tape.session.date);
  return fired.map((a: FiredDraft) => {
    const dir = directionOf(a);
    const price = a.price ?? Number.NaN;
    return {
      session,
      time: a.time,
      symbol: a.symbol,
      price,
      kind: a.kind as BacktestFire['kind'],
      msg: a.msg,
      dir,
      ...paths.outcome(tape.session, a.symbol, a.time, price, dir),
    };
  });
}

/**
 * The session symbols whose prints can change what this rule set decides, or null for all: a rule
 * on one symbol reads that symbol's figures only, halt rules the halted symbols'; stream
 * categories and filtered alerts read the whole market (channel filters, Discovery rows).
 */
function symbolsRead(tape: SessionTape, set: RuleSet): Set<number> | null {
  if (set.filtered.length > 0) return null;
  const only = new Set<number>();
  for (const r of set.rules) {
    if (r.type === 'halt') {
      for (let i = 0; i < tape.events; i++) {
        const k = tape.eKind[i] as number;
        if (k === EVENT_HALT || k === EVENT_RESUME) only.add(tape.eSym[i] as number);
      }
    } else if (isSymbolCategory(r.category)) {
      const s = tape.symbols.indexOf(r.category);
      if (s >= 0) only.add(s);
    } else return null;
  }
  return only;
}

/** One symbol's minute bars of a recorded session, for the chart (core sessionBarsAnswerSchema). */
export function sessionBars(tape: SessionTape, symbol: string): SessionBars | null {
  const s = tape.symbols.indexOf(symbol);
  if (s < 0) return null;
  const out: SessionBars = {
    symbol,
    date: isoDate(tape.session.date),
    prior_close: null,
    t: [],
    o: [],
    h: [],
    l: [],
    c: [],
    v: [],
    vwap: [],
    events: [],
  };
  const openId = tape.open.symbols.indexOf(symbol);
  const prev = openId < 0 ? undefined : tape.open.columns['table.prevClose']?.[openId];
  if (typeof prev === 'number' && Number.isFinite(prev)) out.prior_close = prev;
  let value = 0;
  let volume = 0;
  for (let i = 0; i < tape.rows; i++) {
    if (tape.sym[i] !== s) continue;
    const v = tape.volume[i] as number;
    value += (tape.avg[i] as number) * v;
    volume += v;
    if (tape.trades[i] === 0) continue;
    out.t.push(tape.session.start + (tape.minute[i] as number) * 60_000);
    out.o.push(tape.open_[i] as number);
    out.h.push(tape.high[i] as number);
    out.l.push(tape.low[i] as number);
    out.c.push(tape.close[i] as number);
    out.v.push(v);
    out.vwap.push(volume > 0 ? value / volume : null);
  }
  for (let i = 0; i < tape.events; i++) {
    if (tape.eSym[i] !== s) continue;
    const price = tape.ePrice[i] as number;
    out.events.push({
      t: tape.eTs[i] as number,
      kind: EVENT_KINDS[tape.eKind[i] as number] ?? 'high',
      price: Number.isFinite(price) ? price : null,
    });
  }
  return out;
}
