import { DEFAULT_PLAN_IDS, LEGACY_PLAN_IDS, type Plan } from '@tapeline/core';
import type { BillingConfig } from '../../platform/config.ts';

/** A plan with what the lifecycle needs beyond the API shape: its length in months. */
export interface PlanDef extends Plan {
  months: number;
  /** Listed by GET /api/stripe/plans; legacy plans are honoured but no longer sold. */
  listed: boolean;
}

// Features follow the gating tables (dashboard §6, discovery §5–6); commas separate them.
const STANDARD =
  'Live highs / lows / halts stream,High/Low alerts,Popular symbols,News,Favorite quotes,Community chat,Market index meters,Alert history';
const PRO = 'Everything in Standard,Discovery table,Unusual Volume alerts,VWAP distance alerts,Price alerts';
const PRO_PLUS = `Everything in Pro,Squeeze and Money Flow columns,Trend / Short Ratio / ATR / Gap columns,Conditional alerts (up to 5),ATR % and GAP % stream filters,Filtered voice zone,Full CSV export`;
const OLD_PRO = `${PRO},Squeeze and Money Flow columns`;

type Tier = 'standard' | 'pro' | 'proplus';
const TIERS: Record<Tier, { name: string; monthly: number; description: string; features: string }> = {
  standard: {
    name: 'Standard',
    monthly: 2900,
    description: 'The live dashboard for active traders',
    features: STANDARD,
  },
  pro: {
    name: 'Pro',
    monthly: 5900,
    description: 'Adds the Discovery screener and smarter alerts',
    features: PRO,
  },
  proplus: {
    name: 'Pro Plus',
    monthly: 9900,
    description: 'Every column, filter and alert we make',
    features: PRO_PLUS,
  },
};

/** Annual ≈ 10 months, semi-annual ≈ 5.5 months: the usual discount for paying ahead. */
const TERMS = {
  '': { suffix: '', months: 1, factor: 1, label: 'Monthly' },
  _annual: { suffix: '_annual', months: 12, factor: 10, label: 'Annual' },
  _semiannual: { suffix: '_semiannual', months: 6, factor: 5.5, label: 'Semi-Annual' },
} as const;

function define(id: string, prices: Record<string, number>): PlanDef {
  if (id === 'pro_old') {
    return {
      id,
      nickname: 'Pro (Classic)',
      amount: prices[id] ?? 4900,
      interval: 'month',
      interval_count: 1,
      metadata: { description: 'The original Pro plan, with Squeeze and Money Flow', features: OLD_PRO },
      months: 1,
      listed: false,
    };
  }
  const tier = id.split('_')[0] as Tier;
  const term = TERMS[id.slice(tier.length) as keyof typeof TERMS];
  const base = TIERS[tier];
  return {
    id,
    nickname: term.months === 1 ? base.name : `${base.name} ${term.label}`,
    amount: prices[id] ?? Math.round(base.monthly * term.factor),
    interval: term.months === 12 ? 'year' : 'month',
    interval_count: term.months === 12 ? 1 : term.months,
    metadata: { description: base.description, features: base.features },
    months: term.months,
    listed: (DEFAULT_PLAN_IDS as readonly string[]).includes(id),
  };
}

export interface Catalog {
  listed: PlanDef[];
  find(id: string): PlanDef | undefined;
}

export function buildCatalog(config: BillingConfig): Catalog {
  const all = new Map<string, PlanDef>(
    [...DEFAULT_PLAN_IDS, ...LEGACY_PLAN_IDS].map((id) => [id, define(id, config.planPrices)]),
  );
  return {
    listed: [...all.values()].filter((plan) => plan.listed),
    find: (id) => all.get(id),
  };
}

/** The API shape, without the server-side fields. */
export function toPlanView({ months: _m, listed: _l, ...plan }: PlanDef): Plan {
  return plan;
}

/** Calendar months in UTC, clamped to the month's last day (Jan 31 + 1 month = Feb 28), as Stripe bills. */
export function addMonths(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}
