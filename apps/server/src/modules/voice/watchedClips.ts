import { type DashboardConfig, isValidSymbol, type VoiceClipParams } from '@tapeline/core';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { alertRules, quotes, userSettings } from '../../platform/db/schema.ts';
import { readStoredConfig } from '../settings/storedConfig.ts';

type VoiceEntry = DashboardConfig['voiceNoti'][number];

/** The distinct clips one symbol may be spoken with: a (voice, kind) per voiced zone, deduplicated. */
export function voicedPairs(entries: readonly VoiceEntry[]): Pick<VoiceClipParams, 'voiceId' | 'kind'>[] {
  const seen = new Map<string, Pick<VoiceClipParams, 'voiceId' | 'kind'>>();
  for (const { voice, type } of entries) {
    const kind = type === 'name' ? 'n' : 's';
    seen.set(`${voice}-${kind}`, { voiceId: voice, kind });
  }
  return [...seen.values()];
}

/**
 * The clips a trader's alerts are most likely to ask for first: each watched symbol (favourite
 * quotes in list order, then symbol alert rules, oldest first) in every voice and kind their
 * voiced zones use, at most `max`. None when the trader speaks no zone (voice is off).
 */
export async function loadWatchedClips(db: Db, userId: string, max: number): Promise<VoiceClipParams[]> {
  const [stored] = await db
    .select({ config: userSettings.config })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  const pairs = voicedPairs(readStoredConfig(stored?.config ?? null).voiceNoti);
  if (pairs.length === 0) return [];
  const perSymbol = Math.max(1, Math.floor(max / pairs.length));
  const favorites = await db
    .select({ symbol: quotes.symbol })
    .from(quotes)
    .where(eq(quotes.userId, userId))
    .orderBy(asc(quotes.position), asc(quotes.symbol))
    .limit(perSymbol);
  const rules = await db
    .select({ category: alertRules.category })
    .from(alertRules)
    .where(eq(alertRules.userId, userId))
    .orderBy(asc(alertRules.id));
  // Stream categories are stored lower-case and `halt` is one: only symbols pass.
  const symbols = new Set(favorites.map((f) => f.symbol));
  for (const { category } of rules) {
    if (symbols.size >= perSymbol) break;
    if (isValidSymbol(category)) symbols.add(category);
  }
  return [...symbols].flatMap((symbol) => pairs.map((pair) => ({ symbol, ...pair }))).slice(0, max);
}
