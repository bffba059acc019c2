import { alertText } from '@tapeline/core';
import type { Emitter } from './emitter.ts';
import {
  type AlertEngineView,
  F_PRICE,
  F_PRICE_DIST,
  F_UV,
  F_VWAP_DIST,
  readFigures,
  uVolNow,
} from './figures.ts';
import { insideBounds, priceBase, priceNext, uvFires, uvRearms, vwapFires, vwapRearms } from './rearm.ts';
import { SILENT_LOOK, type SymbolRules, T_PRICE, T_UV, T_VWAP } from './symbolRules.ts';

// `price`, `uv` and `vwap` rules of the symbols that traded since the last batch: their
// figures only change with a print, so a symbol that did not trade cannot fire (nor re-arm:
// re-arming is checked at its next print, before anything could fire). One figure read per
// symbol with rules; nothing allocated unless an alert goes out.

/** Symbols touched in the batch (the drained queue's list) with their rules. */
export function moveEvents(
  rules: SymbolRules,
  out: Emitter,
  e: AlertEngineView,
  slot: number,
  ids: Int32Array,
  n: number,
): void {
  const fig = out.fig;
  for (let k = 0; k < n; k++) {
    const id = ids[k] as number;
    const sym = e.table.symbols[id] as string;
    const w = rules.watchOf(sym);
    if (w === undefined || w.move.length === 0) continue;
    // uVol (a sum over today's slots) only if a uv rule or an alert needs it.
    readFigures(e, id, Number.NaN, -1, fig);
    let uvRead = false;
    const ts = e.day.lastTs[id] as number;
    const last = fig[F_PRICE] as number;
    for (const r of w.move) {
      const type = rules.type[r] as number;
      const rate = rules.rate[r] as number;
      const state = rules.a[r] as number;
      // The first look (with a known figure) after an edit records the state and sends nothing.
      const silent = rules.b[r] === SILENT_LOOK;
      if (type === T_PRICE) {
        const pct = fig[F_PRICE_DIST] as number;
        if (Number.isNaN(pct)) continue;
        rules.b[r] = Number.NaN;
        const base = priceBase(state, pct);
        const inside = insideBounds(last, rules.low[r] as number, rules.high[r] as number);
        const next = inside ? priceNext(base, pct, rate) : base;
        rules.a[r] = next;
        if (next === base || silent) continue;
        const zone = pct >= 0 ? 'primary_high' : 'primary_low';
        if (!uvRead) fig[F_UV] = uVolNow(e, id, slot);
        uvRead = true;
        send(out, rules, r, sym, `price${next}`, alertText.price(sym, pct, last), ts, zone);
      } else if (type === T_UV) {
        if (!uvRead) {
          fig[F_UV] = uVolNow(e, id, slot);
          uvRead = true;
        }
        const uv = fig[F_UV] as number;
        if (Number.isNaN(uv)) continue;
        rules.b[r] = Number.NaN;
        if (state === 1) {
          if (uvRearms(uv, rate)) rules.a[r] = 0;
          continue;
        }
        if (!uvFires(uv, rate)) continue;
        rules.a[r] = 1;
        if (silent) continue;
        send(out, rules, r, sym, 'uv', alertText.uv(sym, uv), ts, 'primary_high');
      } else if (type === T_VWAP) {
        const dist = fig[F_VWAP_DIST] as number;
        if (Number.isNaN(dist)) continue;
        rules.b[r] = Number.NaN;
        if (state === 1) {
          if (vwapRearms(dist, rate)) rules.a[r] = 0;
          continue;
        }
        if (!vwapFires(dist, rate)) continue;
        rules.a[r] = 1;
        if (silent) continue;
        const zone = dist >= 0 ? 'primary_high' : 'primary_low';
        if (!uvRead) fig[F_UV] = uVolNow(e, id, slot);
        uvRead = true;
        send(out, rules, r, sym, 'vwap', alertText.vwap(sym, dist), ts, zone);
      }
    }
  }
}

function send(
  out: Emitter,
  rules: SymbolRules,
  r: number,
  sym: string,
  tag: string,
  msg: string,
  ts: number,
  zone: 'primary_high' | 'primary_low',
): void {
  const u = rules.user[r] as number;
  if (!out.admit(u, sym)) return;
  const ruleId = rules.ruleId[r] as number;
  const kind = rules.type[r] === T_PRICE ? 'price' : rules.type[r] === T_UV ? 'uv' : 'vwap';
  out.send(u, ruleId, String(ruleId), kind, tag, sym, msg, ts, zone);
}
