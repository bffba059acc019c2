import type { Clock } from '../../../platform/clock.ts';
import type { EngineSource } from '../../market/engine/source.ts';
import type { SymbolUniverse } from '../../settings/symbolUniverse.ts';
import type { AlertRulesRepository } from './repository.ts';
import type { RuleChanges } from './ruleChanges.ts';

/** What the rule actions need, built once by the routes (routes.ts). */
export interface RulesDeps {
  rules: AlertRulesRepository;
  ruleChanges: RuleChanges;
  /** The market's listed symbols; a symbol rule must name one when the market lists any. */
  universe: SymbolUniverse;
  /** The engine the filtered-alert validation counts Discovery rows on. */
  engine: EngineSource;
  clock: Clock;
  /**
   * Why a webhook URL may not be saved ('invalid'), or null: core's URL rule, then where its name
   * resolves (webhooks/webhookTarget.ts; WEBHOOK_ALLOW_PRIVATE lets private targets pass).
   */
  webhookTarget(url: string): Promise<'invalid' | null>;
}
