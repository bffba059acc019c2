import { DEFAULT_PLAN_IDS, LEGACY_PLAN_IDS } from '@tapeline/core';
import { ConfigError } from './configError.ts';
import type { Env } from './envSchema.ts';

// BILLING and its keys, prices and coupons, read from the parsed environment once (config.ts).

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  publishableKey: string;
  apiBase: string | undefined;
}

export interface BillingConfig {
  provider: 'local' | 'stripe';
  stripe: StripeSettings | null;
  /** Price overrides in cents by plan id; the catalogue in modules/billing supplies the rest. */
  planPrices: Record<string, number>;
  /** Local coupons: code → percent off. Empty means the built-in defaults. */
  coupons: Record<string, number>;
}

const DEFAULT_COUPONS: Record<string, number> = { TRADER10: 10, LAUNCH25: 25 };

function pairs(value: string | undefined): Record<string, number> {
  if (!value) return {};
  return Object.fromEntries(
    value.split(',').map((part) => {
      const [key = '', amount = '0'] = part.trim().split('=');
      return [key.trim(), Number(amount)];
    }),
  );
}

/** BILLING=stripe without its keys would fail at the first payment; fail at start instead. */
export function billingConfig(env: Env): BillingConfig {
  const coupons = env.BILLING_COUPONS ? pairs(env.BILLING_COUPONS) : DEFAULT_COUPONS;
  const bad = Object.entries(coupons).find(([, percent]) => percent < 1 || percent > 100);
  if (bad)
    throw new ConfigError(`Invalid configuration:\n  BILLING_COUPONS: ${bad[0]} must be 1 to 100 percent`);
  const planPrices = pairs(env.PLAN_PRICES);
  const known: readonly string[] = [...DEFAULT_PLAN_IDS, ...LEGACY_PLAN_IDS];
  const unknown = Object.keys(planPrices).find((id) => !known.includes(id));
  if (unknown) throw new ConfigError(`Invalid configuration:\n  PLAN_PRICES: no plan named ${unknown}`);
  const base = { planPrices, coupons };
  if (env.BILLING === 'local') return { provider: 'local', stripe: null, ...base };
  const missing = (['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY'] as const).filter(
    (name) => !env[name],
  );
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  ${missing.map((n) => `${n}: required when BILLING=stripe`).join('\n  ')}`,
    );
  }
  return {
    provider: 'stripe',
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY ?? '',
      webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
      publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? '',
      apiBase: env.STRIPE_API_BASE,
    },
    ...base,
  };
}
