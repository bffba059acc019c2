import {
  type AlertRule,
  type FilteredAlert,
  filteredAlertSchema,
  type RuleSet,
  type StreamChannel,
  tierOf,
} from '@tapeline/core';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { alertRules, alertSettings, quotes, userSettings } from '../../../platform/db/schema.ts';
import { findCurrentSubscription, toSubscriptionView } from '../../billing/currentBilling.ts';
import { readStoredConfig } from '../../settings/storedConfig.ts';

/** A stored filter list, read defensively: one that no longer parses is skipped, not fatal. */
function readFiltered(json: unknown): FilteredAlert[] {
  if (!Array.isArray(json)) return [];
  return json.flatMap((f) => {
    const parsed = filteredAlertSchema.safeParse(f);
    return parsed.success ? [parsed.data] : [];
  });
}

function readChannels(json: string | null): RuleSet['channels'] {
  // The schema holds exactly [main, alt]; the defaults have both too.
  const [main, alt] = readStoredConfig(json).stream as [StreamChannel, StreamChannel];
  return { main, alt };
}

/**
 * Everything the evaluator needs of one trader, or null when nothing of theirs should fire: no
 * live subscription (tiers are the server's to enforce, so a lapsed plan stops its alerts).
 */
export async function loadRuleSet(db: Db, userId: string): Promise<RuleSet | null> {
  const sub = await findCurrentSubscription(db, userId);
  const tier = tierOf(sub ? toSubscriptionView(sub) : null);
  if (tier === 'none') return null;
  const rules: AlertRule[] = await db
    .select({
      id: alertRules.id,
      type: alertRules.type,
      category: alertRules.category,
      rate: alertRules.rate,
      high: alertRules.high,
      low: alertRules.low,
    })
    .from(alertRules)
    .where(eq(alertRules.userId, userId))
    .orderBy(alertRules.id);
  const [settings] = await db
    .select({ filtered: alertSettings.filteredAlerts })
    .from(alertSettings)
    .where(eq(alertSettings.userId, userId));
  const filtered = readFiltered(settings?.filtered);
  if (rules.length === 0 && filtered.length === 0) return null;
  const [stored] = await db
    .select({ config: userSettings.config })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  // The favourite quotes, in list order: the `fav` category and a `fav` stream channel watch them.
  const favorites = await db
    .select({ symbol: quotes.symbol })
    .from(quotes)
    .where(eq(quotes.userId, userId))
    .orderBy(asc(quotes.position), asc(quotes.symbol));
  return {
    tier,
    rules,
    filtered,
    channels: readChannels(stored?.config ?? null),
    favorites: favorites.map((f) => f.symbol),
  };
}

/** Every trader with a rule or a filtered alert: whom a full resync covers. */
export async function usersWithRules(db: Db): Promise<string[]> {
  const withRules = await db.selectDistinct({ userId: alertRules.userId }).from(alertRules);
  const withFilters = await db
    .select({ userId: alertSettings.userId })
    .from(alertSettings)
    .where(sql`jsonb_array_length(${alertSettings.filteredAlerts}) > 0`);
  return [...new Set([...withRules, ...withFilters].map((r) => r.userId))];
}
