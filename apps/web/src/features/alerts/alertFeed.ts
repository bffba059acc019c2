import { type FiredAlert, firedAlertSchema } from '@tapeline/core';

/** Ids remembered to drop a repeat (a reconnect replaying, or both events carrying one alert). */
export const SEEN_ALERTS_MAX = 500;

/**
 * Turns socket payloads into fired alerts: each checked against core's schema (anything else is
 * ignored), an array taken item by item, and an alert whose id was already seen dropped.
 */
export function alertFeed(onAlert: (alert: FiredAlert) => void, remember = SEEN_ALERTS_MAX) {
  const seen = new Set<number>();
  const one = (payload: unknown) => {
    const parsed = firedAlertSchema.safeParse(payload);
    if (!parsed.success) return;
    const alert = parsed.data;
    if (seen.has(alert.id)) return;
    seen.add(alert.id);
    // A Set iterates in insertion order: the first is the oldest.
    if (seen.size > remember) seen.delete(seen.values().next().value as number);
    onAlert(alert);
  };
  return (payload: unknown) => {
    if (Array.isArray(payload)) for (const item of payload) one(item);
    else one(payload);
  };
}
