import { z } from 'zod';
import { outcomeMovesSchema } from '../alerts/outcomes.ts';
import { discoverySettingsSchema } from '../discovery/savedFilters.ts';

/**
 * POST /api/settings/discovery (Pro or Pro Plus): the saved smart filters and the selected one
 * (discovery spec §7). The column options live in the dashboard config (`config.discovery`).
 */
export const saveDiscoveryRequestSchema = z.object({ discovery: discoverySettingsSchema });
export type SaveDiscoveryRequest = z.infer<typeof saveDiscoveryRequestSchema>;

/** Alerts kept per trader; an append beyond it drops the oldest (see docs/decisions.md, Settings). */
export const ALERT_HISTORY_MAX = 200;
export const ALERT_MSG_MAX_LENGTH = 1000;

/** One alert history item (spec §3): the message and when it fired, in UTC milliseconds. */
export const alertHistoryItemSchema = z.object({
  msg: z.string().max(ALERT_MSG_MAX_LENGTH),
  date: z.number().int(),
  /** What the price did after it (the outcome ledger); absent for alerts without a price. */
  moves: outcomeMovesSchema.optional(),
});
export type AlertHistoryItem = z.infer<typeof alertHistoryItemSchema>;

/** GET /api/alert_history: newest first, at most ALERT_HISTORY_MAX items. */
export const alertHistoryResponseSchema = z.array(alertHistoryItemSchema).max(ALERT_HISTORY_MAX);
