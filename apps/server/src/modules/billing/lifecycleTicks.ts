import type { Clock } from '../../platform/clock.ts';
import type { Log } from '../../platform/log.ts';
import type { BillingProvider } from './provider.ts';

/** How often the local lifecycle runs unprompted (reads also run it, so answers are always current). */
export const BILLING_TICK_MS = 60_000;

/**
 * Runs the provider's lifecycle (local: trial ends, renewals, retries) every minute; started by
 * the composition root (app.ts), not by route registration. Returns the stop.
 */
export function startBillingTicks(billing: BillingProvider, log: Log, clock: Clock): () => void {
  const timer = clock.setInterval(() => {
    billing.refresh().catch((error: unknown) => log.error({ err: error }, 'billing lifecycle failed'));
  }, BILLING_TICK_MS);
  return () => timer.cancel();
}
