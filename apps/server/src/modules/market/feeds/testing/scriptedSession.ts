import { conditionTable, type SaleConditionName } from '@tapeline/market';

// One scripted stretch of a session, and the same tape in each vendor's exact message shapes:
// Alpaca market data v2 (`t` trades with SIP letters read by tape, `s` statuses, `l` LULD
// bands, `c` corrections) and massive (`T` trades with condition ids, `LULD` with indicators
// 17/18 and bands). The loopback fakes replay them so a test can prove both adapters make the
// engine see the same highs, lows, halts and figures.

export type ScriptEvent =
  | {
      kind: 'trade';
      sym: string;
      price: number;
      size: number;
      /** Seconds after the script's start. */
      at: number;
      conditions?: readonly SaleConditionName[];
      /** ISO (intermarket sweep): a regular-like condition, there to be ignored. */
      iso?: boolean;
    }
  | { kind: 'pause' | 'resume'; sym: string; at: number }
  | { kind: 'band'; sym: string; at: number; up: number; down: number }
  | { kind: 'correction'; sym: string; at: number; price: number; size: number };

/** Listing tape per symbol: Nasdaq-listed names are on tape C (UTP), NYSE ones on A (CTA). */
export interface ScriptListing {
  sym: string;
  tape: 'A' | 'C';
}

const rows = new Map(conditionTable().map((r) => [r.name, r]));

function letters(conditions: readonly SaleConditionName[], tape: 'A' | 'C', iso: boolean): string[] {
  const out = ['@'];
  if (iso) out.push('F');
  for (const c of conditions) {
    const r = rows.get(c);
    const code = tape === 'C' ? r?.utp : r?.cta;
    if (!code) throw new Error(`${c} has no ${tape === 'C' ? 'UTP' : 'CTA'} letter`);
    out.push(code);
  }
  return out;
}

function ids(conditions: readonly SaleConditionName[], iso: boolean): number[] {
  const out = iso ? [14] : [];
  for (const c of conditions) out.push(rows.get(c)?.massive[0] ?? -1);
  return out;
}

/** RFC-3339 with nanoseconds, as Alpaca writes it. */
const rfc = (ms: number) => `${new Date(ms).toISOString().slice(0, -1)}123456Z`;

/** The script as Alpaca frames (one message per frame, in order). */
export function alpacaMessages(
  script: readonly ScriptEvent[],
  listings: readonly ScriptListing[],
  t0: number,
): unknown[] {
  const tapeOf = (sym: string) => listings.find((l) => l.sym === sym)?.tape ?? 'C';
  let id = 1000;
  return script.map((e): unknown => {
    const z = tapeOf(e.sym);
    const t = rfc(t0 + e.at * 1000);
    switch (e.kind) {
      case 'trade':
        return {
          T: 't',
          i: id++,
          S: e.sym,
          x: z === 'C' ? 'Q' : 'N',
          p: e.price,
          s: e.size,
          t,
          c: letters(e.conditions ?? [], z, e.iso ?? false),
          z,
        };
      case 'pause':
        return z === 'C'
          ? { T: 's', S: e.sym, sc: 'P', sm: 'Volatility Trading Pause', rc: 'LUDP', rm: '', t, z }
          : { T: 's', S: e.sym, sc: '2', sm: 'Trading Halt', rc: 'M', rm: 'Volatility Trading Pause', t, z };
      case 'resume':
        return z === 'C'
          ? { T: 's', S: e.sym, sc: 'T', sm: 'Trading Resumption', rc: 'LUDP', rm: '', t, z }
          : { T: 's', S: e.sym, sc: '3', sm: 'Resume', rc: 'M', rm: '', t, z };
      case 'band':
        return { T: 'l', S: e.sym, u: e.up, d: e.down, i: 'B', t, z };
      case 'correction':
        return {
          T: 'c',
          S: e.sym,
          x: 'Q',
          oi: id - 1,
          op: e.price,
          os: e.size,
          oc: ['@'],
          ci: id++,
          cp: e.price,
          cs: e.size,
          cc: ['@', 'I'],
          t,
          z,
        };
      default:
        return e satisfies never;
    }
  });
}

/** The script as massive messages (LULD pauses are indicators 17/18; corrections are not on this stream). */
export function massiveMessages(
  script: readonly ScriptEvent[],
  listings: readonly ScriptListing[],
  t0: number,
): unknown[] {
  const tapeOf = (sym: string) => (listings.find((l) => l.sym === sym)?.tape === 'A' ? 1 : 3);
  let q = 1;
  const out: unknown[] = [];
  for (const e of script) {
    const t = t0 + e.at * 1000;
    const z = tapeOf(e.sym);
    switch (e.kind) {
      case 'trade': {
        const c = ids(e.conditions ?? [], e.iso ?? false);
        out.push({
          ev: 'T',
          sym: e.sym,
          x: z === 3 ? 12 : 10,
          i: String(q),
          z,
          p: e.price,
          s: e.size,
          ...(c.length > 0 ? { c } : {}),
          t,
          q: q++,
        });
        break;
      }
      case 'pause':
      case 'resume':
        out.push({ ev: 'LULD', T: e.sym, h: 0, l: 0, i: [e.kind === 'pause' ? 17 : 18], z, t, q: q++ });
        break;
      case 'band':
        out.push({ ev: 'LULD', T: e.sym, h: e.up, l: e.down, i: [], z, t, q: q++ });
        break;
      case 'correction':
        break;
    }
  }
  return out;
}
