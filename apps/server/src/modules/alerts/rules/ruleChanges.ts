/**
 * Told after any change to a trader's rules, filtered alerts or webhooks, so the evaluator (on
 * the engine) gets the trader's new rule set. The alert pipeline implements it.
 */
export interface RuleChanges {
  changed(userId: string): void;
}
