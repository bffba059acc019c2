import { z } from 'zod';
import { filteredAlertSchema } from '../alerts/filteredAlert.ts';
import { streamChannelSchema } from '../dashboard/configSchema.ts';
import { alertRuleSchema, firedAlertSchema } from './alerts.ts';
import { PROTOCOL_VERSION } from './protocol.ts';

// What crosses the bus between the API nodes (which own the rules in Postgres) and the engine
// (which evaluates them): docs/alerts.md "Where it runs". Versioned like every bus message.

export const ALERT_TOPICS = {
  /** API → engine: one or more traders' whole rule sets (null: the trader has none any more). */
  rules: 'alerts:rules',
  /** engine → API: send me every rule set (the engine started, or its periodic resync). */
  sync: 'alerts:sync',
  /** API → engine: the Popular list, for `popular` category rules. */
  popular: 'alerts:popular',
  /** engine → API: alerts the evaluator fired, to be written to the outbox. */
  fired: 'alerts:fired',
} as const;

/** Everything the evaluator knows of one trader. */
export const ruleSetSchema = z.object({
  tier: z.enum(['standard', 'pro', 'proplus']),
  rules: z.array(alertRuleSchema),
  filtered: z.array(filteredAlertSchema),
  channels: z.object({ main: streamChannelSchema, alt: streamChannelSchema }),
  favorites: z.array(z.string()),
});
export type RuleSet = z.infer<typeof ruleSetSchema>;

export const ruleSetsMessageSchema = z.object({
  v: z.literal(PROTOCOL_VERSION),
  sets: z.array(z.object({ userId: z.string().uuid(), set: ruleSetSchema.nullable() })),
});
export type RuleSetsMessage = z.infer<typeof ruleSetsMessageSchema>;

export const alertSyncMessageSchema = z.object({ v: z.literal(PROTOCOL_VERSION), engine: z.string() });
export const popularMessageSchema = z.object({
  v: z.literal(PROTOCOL_VERSION),
  symbols: z.array(z.string()),
});

/**
 * A fired alert before the outbox numbers it. `key` is the same for the same firing however
 * often it is heard, so the outbox records it once.
 */
export const firedDraftSchema = firedAlertSchema.omit({ v: true, id: true }).extend({
  key: z.string().min(1).max(300),
  userId: z.string().uuid(),
  ruleId: z.number().int().nullable(),
});
export type FiredDraft = z.infer<typeof firedDraftSchema>;
export const firedMessageSchema = z.object({
  v: z.literal(PROTOCOL_VERSION),
  alerts: z.array(firedDraftSchema),
});

/** API → every API node: an alert the outbox dispatched, for the bots' WebSocket (/ws/v1). */
export const ALERTS_DISPATCHED_TOPIC = 'alerts:dispatched';
export const alertDispatchedMessageSchema = z.object({
  v: z.literal(PROTOCOL_VERSION),
  userId: z.string(),
  alert: firedAlertSchema,
});
