// Sale conditions and what a print may update (docs/metrics.md, "Which prints count").
//
// A print carries up to four sale conditions from the SIP (CTA for tapes A/B, UTP for tape C).
// The consolidated eligibility tables of both plans say, per condition, whether a print with it
// updates the consolidated last (and open/close), the high/low, and the volume. A print updates
// a figure only when every one of its conditions allows it. The same table is what Massive
// publishes per condition as `update_rules.consolidated` in `/v3/reference/conditions`.
//
// Normalized form: one bit per condition that takes something away (`SaleCondition`); a print
// whose conditions are all "regular-like" (regular sale, intermarket sweep, opening/closing
// prints, …) carries 0. Vendor codes are mapped once, by precomputed lookup tables, and the
// rule (`updatesOf`) is a table lookup per set bit: nothing is allocated per print.

/** The print sets the last price (and the open/close of the day and of its bars). */
export const UPDATES_LAST = 1;
/** The print may make a new high or low (of the day and of its bars). */
export const UPDATES_HIGH_LOW = 2;
/** The print's size counts toward volume (and its value toward VWAP and dollar volume). */
export const UPDATES_VOLUME = 4;
export const UPDATES_ALL = UPDATES_LAST | UPDATES_HIGH_LOW | UPDATES_VOLUME;

interface ConditionRow {
  /** Lower-case name, as the NDJSON tape writes it. */
  readonly name: string;
  /** What a print with this condition may update (UPDATES_* bits). */
  readonly updates: number;
  /** The CTA (tapes A, B) code, if the plan has one. */
  readonly cta?: string;
  /** The UTP (tape C) code, if the plan has one. */
  readonly utp?: string;
  /** Massive's condition ids (`c` of a `T` message). */
  readonly massive: readonly number[];
}

const V = UPDATES_VOLUME;
const HV = UPDATES_HIGH_LOW | UPDATES_VOLUME;
const LH = UPDATES_LAST | UPDATES_HIGH_LOW;

/**
 * The restricting conditions, in bit order (bit i = ROWS[i]). Regular-like conditions (regular
 * sale `@`, intermarket sweep `F`, opening/reopening/closing prints `O` `5` `6`, sold last `L`,
 * bunched `B` (UTP), cross `X`, automatic execution `E`, Rule 155 `K`, stopped stock `1`,
 * acquisition, distribution, split, yellow flag, trade-through exempt) update everything and
 * have no bit.
 */
const ROWS = [
  { name: 'odd_lot', updates: V, cta: 'I', utp: 'I', massive: [37] },
  { name: 'average_price', updates: V, cta: 'B', utp: 'W', massive: [2] },
  { name: 'cash_sale', updates: V, cta: 'C', utp: 'C', massive: [7] },
  { name: 'next_day', updates: V, cta: 'N', utp: 'N', massive: [20] },
  { name: 'seller', updates: V, cta: 'R', utp: 'R', massive: [29] },
  { name: 'price_variation', updates: V, cta: 'H', utp: 'H', massive: [21] },
  { name: 'contingent', updates: V, cta: 'V', utp: 'V', massive: [52] },
  { name: 'qualified_contingent', updates: V, cta: '7', utp: '7', massive: [53] },
  { name: 'extended_hours_out_of_sequence', updates: V, cta: 'U', utp: 'U', massive: [13] },
  { name: 'out_of_sequence', updates: HV, cta: 'Z', utp: 'Z', massive: [32, 33] },
  { name: 'prior_reference', updates: HV, cta: 'P', utp: 'P', massive: [22] },
  { name: 'derivatively_priced', updates: HV, cta: '4', utp: '4', massive: [10] },
  { name: 'bunched_sold', updates: HV, utp: 'G', massive: [5] },
  { name: 'official_close', updates: 0, cta: 'M', utp: 'M', massive: [15] },
  { name: 'official_open', updates: 0, cta: 'Q', utp: 'Q', massive: [16] },
  { name: 'corrected_close', updates: LH, cta: '9', utp: '9', massive: [38] },
] as const satisfies readonly ConditionRow[];

export type SaleConditionName = (typeof ROWS)[number]['name'];
const rows: readonly ConditionRow[] = ROWS;

/** Bit of each restricting condition by name, e.g. `SaleCondition.odd_lot`. */
export const SaleCondition = Object.freeze(
  Object.fromEntries(ROWS.map((r, i) => [r.name, 1 << i])),
) as Readonly<Record<SaleConditionName, number>>;
const byName: Readonly<Record<string, number>> = SaleCondition;

/** The rule's table: updates per condition bit. */
const UPDATES = Uint8Array.from(rows, (r) => r.updates);

/**
 * What a print with these conditions (normalized bits) may update: the AND of every
 * condition's row; 0 conditions (a regular print) update everything.
 */
export function updatesOf(conditions: number): number {
  let u = UPDATES_ALL;
  let m = conditions >>> 0;
  while (m !== 0) {
    const bit = 31 - Math.clz32(m);
    u &= UPDATES[bit] ?? UPDATES_ALL;
    m ^= 1 << bit;
  }
  return u;
}

// Vendor code → bit, precomputed once.
const MASSIVE = new Int32Array(128);
const CTA = new Int32Array(128);
const UTP = new Int32Array(128);
rows.forEach((r, i) => {
  for (const id of r.massive) MASSIVE[id] = 1 << i;
  if (r.cta) CTA[r.cta.charCodeAt(0)] = 1 << i;
  if (r.utp) UTP[r.utp.charCodeAt(0)] = 1 << i;
});

/** Massive's condition ids (the `c` array of a `T` message; absent = regular) → normalized bits. */
export function massiveConditions(codes: unknown): number {
  if (!Array.isArray(codes)) return 0;
  let bits = 0;
  for (let k = 0; k < codes.length; k++) {
    const c = codes[k];
    if (typeof c === 'number' && c >= 0 && c < 128) bits |= MASSIVE[c | 0] as number;
  }
  return bits;
}

/**
 * SIP condition codes as Alpaca sends them (`c`: ["@","I"]) → normalized bits. The tape (`z`)
 * picks the plan: C is UTP (Nasdaq-listed), A and B are CTA. IEX prints use the UTP letters.
 */
export function sipConditions(codes: unknown, tape: unknown): number {
  if (!Array.isArray(codes)) return 0;
  const table = tape === 'A' || tape === 'B' ? CTA : UTP;
  let bits = 0;
  for (let k = 0; k < codes.length; k++) {
    const c = codes[k];
    if (typeof c === 'string' && c.length === 1) bits |= table[c.charCodeAt(0) & 127] as number;
  }
  return bits;
}

/** Normalized bits → names, for the NDJSON tape (allocates; recording only). */
export function conditionNames(conditions: number): string[] {
  const out: string[] = [];
  rows.forEach((r, i) => {
    if (conditions & (1 << i)) out.push(r.name);
  });
  return out;
}

/** Names from the NDJSON tape → bits; unknown names are ignored. */
export function conditionsFromNames(names: unknown): number {
  if (!Array.isArray(names)) return 0;
  let bits = 0;
  for (const n of names) if (typeof n === 'string') bits |= byName[n] ?? 0;
  return bits;
}

/** The table as rows, for docs and tests. */
export function conditionTable(): readonly {
  name: string;
  last: boolean;
  highLow: boolean;
  volume: boolean;
  cta: string | null;
  utp: string | null;
  massive: readonly number[];
}[] {
  return rows.map((r) => ({
    name: r.name,
    last: (r.updates & UPDATES_LAST) !== 0,
    highLow: (r.updates & UPDATES_HIGH_LOW) !== 0,
    volume: (r.updates & UPDATES_VOLUME) !== 0,
    cta: r.cta ?? null,
    utp: r.utp ?? null,
    massive: r.massive,
  }));
}
