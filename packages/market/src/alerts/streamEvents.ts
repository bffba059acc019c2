import { alertText, type VoiceZone } from '@tapeline/core';
import { atrPercent, gapDollars } from '../engine/metrics.ts';
import { TF_DAY } from '../timeframes.ts';
import { R_ATR, R_COUNT, R_FLOAT, R_GAP, R_PRICE, R_VOLUME, rangeAccepts } from './channelRange.ts';
import { type ChannelWatches, DIR_HIGH, DIR_LOW, type RangeGroup, type Watch } from './channelWatches.ts';
import type { Emitter } from './emitter.ts';
import { type AlertEngineView, readFigures } from './figures.ts';
import { tradeFires } from './rearm.ts';
import { ALERTS_PER_MINUTE, STORM_WINDOW_MS } from './stormCap.ts';
import type { SymbolRules } from './symbolRules.ts';

// New highs, new lows and halts of one drained batch. Per event: the symbol's own `trade`
// rules (indexed by symbol), then the stream-category watches whose channel shows the entry —
// each distinct channel filter once, then symbol lists (fav, custom) by symbol, then Popular.
// A user's symbol rule owns that symbol for the user (categories skip the user), and one event
// reaches a user at most once: the first match in that order names the alert's zone. Nothing
// is allocated unless an alert goes out.

export interface EvalParts {
  readonly rules: SymbolRules;
  readonly channels: ChannelWatches;
  readonly out: Emitter;
  readonly popular: ReadonlySet<string>;
  /** Halt subscribers: user index and rule id side by side. */
  haltUsers: readonly number[];
  haltRules: readonly number[];
  /** The stream entry's figures for the channel filters, in channelRange's order. */
  readonly entry: Float64Array;
}

/** Sends one trade alert to user u, who the storm cap has already let through. */
function sendTrade(
  p: EvalParts,
  e: AlertEngineView,
  slot: number,
  u: number,
  ruleId: number,
  id: number,
  up: boolean,
  price: number,
  ts: number,
  zone: VoiceZone,
): void {
  const sym = e.table.symbols[id] as string;
  if (p.out.figEvent !== p.out.event) {
    readFigures(e, id, price, slot, p.out.fig);
    p.out.figEvent = p.out.event;
  }
  const tag = up ? 'high' : 'low';
  p.out.send(u, ruleId, String(ruleId), 'trade', tag, sym, alertText.trade(sym, up, price), ts, zone);
}

/** Watch w on the event; `at` is the symbol's state index in w (see Watch.high). */
function watchEvent(
  p: EvalParts,
  e: AlertEngineView,
  slot: number,
  w: Watch,
  at: number,
  id: number,
  up: boolean,
  price: number,
  ts: number,
  seq: number,
): void {
  if ((w.dir & (up ? DIR_HIGH : DIR_LOW)) === 0) return;
  const last = up ? w.high : w.low;
  if (!tradeFires(up ? 1 : -1, price, last[at] as number, w.rate, w.percent)) return;
  last[at] = price;
  // The fan-out: every member once per event. On a busy open most members are at the storm
  // cap, so that case is read from the cap's arrays here, with no call until one goes out.
  const claim = p.out.users.claim;
  const cap = p.out.cap;
  const start = cap.start;
  const sent = cap.sent;
  const open = p.out.now - STORM_WINDOW_MS;
  const sym = e.table.symbols[id] as string;
  const users = w.users;
  p.out.visited += w.n;
  for (let k = 0; k < w.n; k++) {
    const u = users[k] as number;
    if (claim[u] === seq) continue;
    claim[u] = seq;
    if ((start[u] as number) > open && (sent[u] as number) >= ALERTS_PER_MINUTE) cap.hold(u, sym);
    else if (cap.admit(u, p.out.now, sym))
      sendTrade(p, e, slot, u, w.rules[k] as number, id, up, price, ts, w.zone);
  }
}

/** A new high (up) or low of symbol id at `price`, made at ts. `slot`: the session slot now. */
export function tradeEvent(
  p: EvalParts,
  e: AlertEngineView,
  slot: number,
  id: number,
  up: boolean,
  price: number,
  ts: number,
): void {
  const sym = e.table.symbols[id] as string;
  const seq = p.out.nextEvent();
  const claim = p.out.users.claim;
  const R = p.rules;
  const own = R.watchOf(sym);
  if (own !== undefined) {
    for (const r of own.trade) {
      const u = R.user[r] as number;
      if (claim[u] === seq) continue;
      claim[u] = seq;
      const lastFired = (up ? R.a[r] : R.b[r]) as number;
      if (!tradeFires(up ? 1 : -1, price, lastFired, R.rate[r] as number, R.percent[r] === 1)) continue;
      if (up) R.a[r] = price;
      else R.b[r] = price;
      if (!p.out.admit(u, sym)) continue;
      sendTrade(p, e, slot, u, R.ruleId[r] as number, id, up, price, ts, up ? 'primary_high' : 'primary_low');
    }
  }
  const C: ChannelWatches = p.channels;
  const groups = up ? C.highGroups : C.lowGroups;
  if (groups.length > 0) rangeEvents(p, e, slot, groups, id, up, price, ts, seq);
  const hits = C.bySymbol.get(sym);
  if (hits !== undefined) {
    for (let k = 0; k < hits.watches.length; k++) {
      watchEvent(p, e, slot, hits.watches[k] as Watch, hits.pos[k] as number, id, up, price, ts, seq);
    }
  }
  if (C.popular.length > 0 && p.popular.has(sym)) {
    for (const w of C.popular) {
      w.reserve(id);
      watchEvent(p, e, slot, w, id, id, up, price, ts, seq);
    }
  }
}

/** The filter channels: the entry's figures once, then each distinct filter once. */
function rangeEvents(
  p: EvalParts,
  e: AlertEngineView,
  slot: number,
  groups: readonly RangeGroup[],
  id: number,
  up: boolean,
  price: number,
  ts: number,
  seq: number,
): void {
  const C = p.channels;
  const d = e.day;
  const f = p.entry;
  const prev = e.table.prevClose[id] as number;
  f[R_PRICE] = price;
  f[R_VOLUME] = d.volume[id] as number;
  f[R_FLOAT] = e.table.float[id] as number;
  f[R_COUNT] = (up ? d.highCount[id] : d.lowCount[id]) as number;
  f[R_ATR] = (up ? C.highNeedsAtr : C.lowNeedsAtr)
    ? atrPercent(e, id, TF_DAY, d.last[id] as number)
    : Number.NaN;
  f[R_GAP] = (gapDollars(e, id) / prev) * 100;
  const sector = e.table.sector[id] as number;
  for (const g of groups) {
    if (!rangeAccepts(g.range, f, sector)) continue;
    for (const w of up ? g.high : g.low) {
      w.reserve(id);
      watchEvent(p, e, slot, w, id, id, up, price, ts, seq);
    }
  }
}

/** A halt (or resume) of symbol id: every Halts subscriber, each event. */
export function haltEvent(
  p: EvalParts,
  e: AlertEngineView,
  slot: number,
  id: number,
  halted: boolean,
  reason: string,
  ts: number,
): void {
  if (p.haltUsers.length === 0) return;
  const sym = e.table.symbols[id] as string;
  const msg = alertText.halt(sym, halted, reason);
  readFigures(e, id, Number.NaN, slot, p.out.fig);
  const extra = { subtype: halted ? ('halt' as const) : ('resume' as const), reason_code: reason };
  for (let k = 0; k < p.haltUsers.length; k++) {
    const u = p.haltUsers[k] as number;
    if (!p.out.admit(u, sym)) continue;
    const ruleId = p.haltRules[k] as number;
    p.out.send(u, ruleId, String(ruleId), 'halt', extra.subtype, sym, msg, ts, 'halt', extra);
  }
}
