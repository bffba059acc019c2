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

/** The detail of a fired alert (core FiredDraft or the socket's FiredAlert), as the history keeps it. */
export function alertDetailOf(a: {
  symbol: string;
  kind: AlertDetail['kind'];
  price: number | null;
  price_dist: number | null;
  uv: number | null;
  vwap_dist: number | null;
  filter?: string | undefined;
  reason_code?: string | undefined;
}): AlertDetail {
  const d: AlertDetail = {
    symbol: a.symbol,
    kind: a.kind,
    price: a.price,
    price_dist: a.price_dist,
    uv: a.uv,
    vwap_dist: a.vwap_dist,
  };
  if (a.filter !== undefined) d.filter = a.filter;
  if (a.reason_code !== undefined) d.reason_code = a.reason_code;
  return d;
}

/**
 * What an alert's detail shows beyond its message (issue 27): the symbol (a link), the price and
 * the figures at the print, and what fired it: the kind, and a filter's name or a halt's reason.
 */
export const alertDetailSchema = z.object({
  symbol: z.string().max(32),
  kind: z.enum(['trade', 'uv', 'vwap', 'price', 'halt', 'filtered', 'digest']),
  price: z.number().nullable(),
  price_dist: z.number().nullable(),
  uv: z.number().nullable(),
  vwap_dist: z.number().nullable(),
  filter: z.string().max(64).optional(),
  reason_code: z.string().max(16).optional(),
});
export type AlertDetail = z.infer<typeof alertDetailSchema>;

/**
 * One alert history item (spec §3): the message and the time of the print that fired it, in UTC
 * milliseconds; `detail` for alerts written since issue 27.
 */
export const alertHistoryItemSchema = z.object({
  msg: z.string().max(ALERT_MSG_MAX_LENGTH),
  date: z.number().int(),
  detail: alertDetailSchema.optional(),
  /** What the price did after it (the outcome ledger); absent for alerts without a price. */
  moves: outcomeMovesSchema.optional(),
});
export type AlertHistoryItem = z.infer<typeof alertHistoryItemSchema>;

/** GET /api/alert_history: newest first, at most ALERT_HISTORY_MAX items. */
export const alertHistoryResponseSchema = z.array(alertHistoryItemSchema).max(ALERT_HISTORY_MAX);
