import { ALERT_TOPICS, firedMessageSchema } from '@tapeline/core';
import type { Bus } from '../../../platform/bus/bus.ts';
import type { Log } from '../../../platform/log.ts';
import type { Outbox } from './outbox.ts';

/**
 * Every API node hears what the evaluator fired and writes it down; the outbox's unique key makes
 * the second node's write a no-op, so a node that is down loses nothing while another is up.
 */
export async function listenForFiredAlerts(bus: Bus, outbox: Outbox, log: Log): Promise<() => Promise<void>> {
  return bus.subscribe(ALERT_TOPICS.fired, (payload) => {
    let message: unknown;
    try {
      message = JSON.parse(payload.toString());
    } catch {
      message = null;
    }
    const parsed = firedMessageSchema.safeParse(message);
    if (!parsed.success) {
      log.warn({ issues: parsed.error?.issues.length }, 'malformed fired alerts on the bus ignored');
      return;
    }
    outbox
      .record(parsed.data.alerts)
      .catch((error: Error) => log.error({ err: error }, 'fired alerts not recorded'));
  });
}
