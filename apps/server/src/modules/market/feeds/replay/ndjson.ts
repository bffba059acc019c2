import { conditionNames, conditionsFromNames } from '@tapeline/market';
import type { FeedSink } from '../feed.ts';

// The NDJSON tape format shared by replay and record, one normalized event per line, keys in
// this order (the canonical form: recording a replayed canonical file gives it back byte for byte):
//   {"type":"trade","sym":"ABC","price":101.5,"size":200,"ts":1763994600000}
//   {"type":"status","sym":"ABC","halted":true,"reason":"LUDP","ts":1763994600000}
// A print with sale conditions adds them last, by name (docs/metrics.md, "Which prints count"):
//   {"type":"trade","sym":"ABC","price":101.5,"size":20,"ts":1763994600000,"conditions":["odd_lot"]}

export function tradeLine(sym: string, price: number, size: number, ts: number, conditions = 0): string {
  const c = conditions === 0 ? '' : `,"conditions":${JSON.stringify(conditionNames(conditions))}`;
  return `{"type":"trade","sym":${JSON.stringify(sym)},"price":${price},"size":${size},"ts":${ts}${c}}\n`;
}

export function statusLine(sym: string, halted: boolean, reason: string, ts: number): string {
  return `{"type":"status","sym":${JSON.stringify(sym)},"halted":${halted},"reason":${JSON.stringify(reason)},"ts":${ts}}\n`;
}

const finite = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);

export const MALFORMED = 0;
export const TRADE = 1;
export const STATUS = 2;

/**
 * Decodes one line and pushes it into the sink (beforeEvent first, with the event's ts). Returns
 * TRADE, STATUS or MALFORMED (the caller counts it); never throws.
 */
export function decodeLine(line: string, sink: FeedSink, beforeEvent?: (ts: number) => void): number {
  let e: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(line);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return MALFORMED;
    e = parsed as Record<string, unknown>;
  } catch {
    return MALFORMED;
  }
  const { sym, ts } = e;
  if (typeof sym !== 'string' || sym.length === 0 || !finite(ts)) return MALFORMED;
  if (e.type === 'trade') {
    if (!finite(e.price) || e.price <= 0 || !finite(e.size) || e.size < 0) return MALFORMED;
    beforeEvent?.(ts);
    sink.trade(sym, e.price, e.size, ts, conditionsFromNames(e.conditions));
    return TRADE;
  }
  if (e.type === 'status') {
    if (typeof e.halted !== 'boolean') return MALFORMED;
    beforeEvent?.(ts);
    sink.status(sym, e.halted, typeof e.reason === 'string' ? e.reason : '', ts);
    return STATUS;
  }
  return MALFORMED;
}
