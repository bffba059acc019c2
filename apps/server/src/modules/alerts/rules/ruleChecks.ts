import {
  type AlertType,
  alertMessages,
  categoryAllowed,
  meetsTier,
  parseCategory,
  type RuleCategory,
  type RuleType,
  serverMessages,
  type Tier,
  tierForType,
} from '@tapeline/core';
import { HttpError } from '../../../platform/http/errors.ts';
import type { SymbolUniverse } from '../../settings/symbolUniverse.ts';

// The checks a rule's create and update share. Each throws the caller's 4xx before anything is
// written, so a refused call changes nothing.

/** §6: Standard holds Hi/Low and halt rules; uVol, VWAP and price rules need Pro. */
export function requireTypeTier(tier: Tier, type: AlertType): void {
  const need = tierForType(type);
  if (need === 'pro' || need === 'proplus') {
    if (!meetsTier(tier, need)) throw new HttpError(403, 'upgrade_required', serverMessages.upgradeRequired);
  }
}

/** The category as typed, for a rule of this type: a symbol (upper-cased) or a stream category. */
export function readCategory(type: RuleType, raw: string): RuleCategory {
  const category = parseCategory(raw);
  if (!category) throw new HttpError(400, 'invalid_category', alertMessages.categoryInvalid);
  if (!categoryAllowed(type, category)) {
    throw new HttpError(400, 'invalid_category', alertMessages.categoryNotForType);
  }
  return category;
}

/**
 * A symbol must be one the market lists, as for CSV imports and Popular votes. A node that
 * cannot tell (no engine, reference data not loaded yet) accepts what the pattern accepts.
 */
export async function requireListed(universe: SymbolUniverse, category: RuleCategory): Promise<void> {
  if (category.kind !== 'symbol') return;
  const listed = await universe.symbols();
  if (listed && !listed.has(category.symbol)) {
    throw new HttpError(400, 'invalid_symbol', serverMessages.invalidSymbolNamed(category.symbol));
  }
}
