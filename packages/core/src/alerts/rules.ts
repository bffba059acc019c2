import { isValidSymbol, normalizeSymbol } from '../rules/symbol.ts';
import type { Tier } from '../rules/tier.ts';

// Alert rules (dashboard spec §3 Alert, §6 tiers, §9 rates). Semantics: docs/alerts.md.

/** Types a rule is created with through POST /api/alerts; `halt` has its own toggle. */
export const RULE_TYPES = ['trade', 'uv', 'vwap', 'price'] as const;
export type RuleType = (typeof RULE_TYPES)[number];
export const ALERT_TYPES = [...RULE_TYPES, 'halt'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

/** Stream categories a Hi/Low (`trade`) rule may watch instead of one symbol. */
export const STREAM_CATEGORIES = [
  'primary_high',
  'primary_low',
  'alt_high',
  'alt_low',
  'popular',
  'fav',
] as const;
export type StreamCategory = (typeof STREAM_CATEGORIES)[number];
export const HALT_CATEGORY = 'halt';
/** The most rules one trader may keep (a bound on what the evaluator indexes per user). */
export const ALERT_RULES_MAX = 500;

/** §9: default and slider range of each type's rate. */
export const RATE_RANGES: Readonly<Record<RuleType, { min: number; max: number; default: number }>> = {
  trade: { min: 0.02, max: 1000, default: 0.1 },
  uv: { min: 0.1, max: 1000, default: 20 },
  vwap: { min: 0.1, max: 100, default: 2 },
  price: { min: 0.1, max: 100, default: 2 },
};

/**
 * A Hi/Low (`trade`) rule's step is dollars (§9) or, added for issue 27, a percent of the last
 * fired price: one setting that means the same on a $2 and a $200 name. Other types ignore it.
 */
export const STEP_UNITS = ['dollar', 'percent'] as const;
export type StepUnit = (typeof STEP_UNITS)[number];
/** The percent step's default and slider range (0.1 % … 100 %). */
export const PERCENT_STEP_RANGE = { min: 0.1, max: 100, default: 1 } as const;

/** A Hi/Low step as stored: a percent step clamped to its own range, a dollar one as clampRate. */
export function clampStep(unit: StepUnit, rate: number | null | undefined): number {
  if (unit === 'dollar') return clampRate('trade', rate);
  const r = PERCENT_STEP_RANGE;
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return r.default;
  return Math.min(r.max, Math.max(r.min, rate));
}

/** A rate as stored: the default when missing, clamped to the slider's range (§5). */
export function clampRate(type: RuleType, rate: number | null | undefined): number {
  const r = RATE_RANGES[type];
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return r.default;
  return Math.min(r.max, Math.max(r.min, rate));
}

/** The lowest tier that may hold a rule of this type (§6: Standard has Hi/Low and halts). */
export function tierForType(type: AlertType): Tier {
  return type === 'trade' || type === 'halt' ? 'standard' : 'pro';
}

export type RuleCategory = { kind: 'symbol'; symbol: string } | { kind: 'stream'; category: StreamCategory };

/**
 * A category as typed: one of the stream categories (any case), else a symbol, upper-cased.
 * null when it is neither (a malformed or test symbol).
 */
export function parseCategory(raw: string): RuleCategory | null {
  const lower = raw.trim().toLowerCase();
  if ((STREAM_CATEGORIES as readonly string[]).includes(lower)) {
    return { kind: 'stream', category: lower as StreamCategory };
  }
  const symbol = normalizeSymbol(raw);
  return isValidSymbol(symbol) ? { kind: 'symbol', symbol } : null;
}

/** The category as stored and answered: stream categories lower-case, symbols upper-case. */
export function categoryKey(c: RuleCategory): string {
  return c.kind === 'symbol' ? c.symbol : c.category;
}

/** Only Hi/Low rules watch a stream category; the others need one symbol. */
export function categoryAllowed(type: RuleType, c: RuleCategory): boolean {
  return c.kind === 'symbol' || type === 'trade';
}

/**
 * §8: how a type is named in the toasts ('Trade alert added for AAPL'). A Hi/Low rule is 'Trade'
 * with §9's dollar step and 'Hi/low' on a stream category or with a percent step: what Discovery's
 * alert menu offers as Hi/low (docs/decisions.md, "Hi/low in the table's alert menu").
 */
export function ruleLabel(type: RuleType, category: string, unit: StepUnit = 'dollar'): string {
  if (type === 'trade') {
    const stream = (STREAM_CATEGORIES as readonly string[]).includes(category);
    return stream || unit === 'percent' ? 'Hi/low' : 'Trade';
  }
  return { uv: 'Unusual volume', vwap: 'vWAPDist', price: 'Price' }[type];
}

/** A rule as the table's alert menu offers it (§8 "X"): a type and, for Hi/Low, its step unit. */
export interface TableAlertKind {
  type: RuleType;
  unit: StepUnit;
}

/**
 * Discovery's alert menu in §8's order: Trade, Unusual volume, vWAPDist, Price, Hi/low. Hi/low is
 * the symbol's Hi/Low rule with a percent step; Trade is the same rule with §9's dollar step, so a
 * symbol keeps one of the two (the other is 'already registered').
 */
export const TABLE_ALERT_KINDS: readonly TableAlertKind[] = [
  ...RULE_TYPES.map((type) => ({ type, unit: 'dollar' as const })),
  { type: 'trade', unit: 'percent' },
];
