import { systemClock } from '../../../platform/clock.ts';
import type { AppContext } from '../../../platform/context.ts';
import { type Claimed, createDeliveryQueue } from './deliveryQueue.ts';
import { createOutcomeWriter } from './outcomeWriter.ts';
import type { DeliverySender, SendResult } from './sender.ts';

export interface DeliveryWorkerOptions {
  /** How often due rows (retries, rows of a node that died) are looked for; 0: only on kick/runOnce. */
  pollMs?: number;
  /** Sends in flight at once on this node. */
  concurrency?: number;
  /** Rows claimed per statement. */
  batch?: number;
  /** How long a claimed row is this node's; a crashed node's rows come due again after it. */
  leaseMs?: number;
}

export interface DeliveryWorker {
  /** New rows were inserted: look now rather than at the next poll. */
  kick(): void;
  /** Sends everything due now (joining a pass already running); the number of rows attempted. */
  runOnce(): Promise<number>;
  /** No more passes; resolves when the sends in flight are recorded. */
  stop(): Promise<void>;
}

export const DELIVERY_LEASE_MS = 60_000;

/**
 * The durable delivery worker over alert_deliveries (docs/alerts.md "Webhooks"): one per node,
 * for every channel that has a sender. Rows live in Postgres, so a restart loses nothing; claims
 * are leases (deliveryQueue.ts), so nodes share the work and never send a row twice at once.
 * Time comes from ctx.clock: the retry schedule is tested by moving a test clock.
 */
export function startDeliveryWorker(
  ctx: Pick<AppContext, 'database' | 'clock' | 'log'>,
  senders: readonly DeliverySender[],
  options: DeliveryWorkerOptions = {},
): DeliveryWorker {
  const { clock, log } = ctx;
  const queue = createDeliveryQueue(ctx.database.db);
  const concurrency = options.concurrency ?? 32;
  const batch = Math.min(options.batch ?? 32, concurrency);
  const leaseMs = options.leaseMs ?? DELIVERY_LEASE_MS;
  const byChannel = new Map(senders.map((s) => [s.channel, s]));
  const channels = [...byChannel.keys()];
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;

  // A coalescing window for database writes, not time anyone sees: it runs on the system clock
  // even under a test clock, which would otherwise hold every outcome until moved.
  const record = createOutcomeWriter(queue, { burst: batch, waitMs: 5, clock: systemClock });

  const attempt = async (claimed: Claimed): Promise<void> => {
    const sender = byChannel.get(claimed.attempt.channel);
    let result: SendResult;
    try {
      if (!sender) throw new Error(`no sender for ${claimed.attempt.channel}`);
      result = await sender.send(claimed.attempt);
    } catch (error) {
      log.error({ err: error, delivery: claimed.attempt.id }, 'delivery sender failed; retried');
      result = { outcome: 'retry', status: null, error: 'internal error' };
    }
    await record({ claimed, result, now: new Date(clock.now()) });
  };

  /** Keeps up to `concurrency` sends in flight, claiming more as slots free, until nothing is due. */
  const drain = async (): Promise<number> => {
    const inflight = new Set<Promise<void>>();
    let attempted = 0;
    let exhausted = false;
    while (true) {
      const free = concurrency - inflight.size;
      if (!exhausted && !stopped && free >= Math.ceil(batch / 2)) {
        const want = Math.min(batch, free);
        const claimed = await queue.claim(channels, want, new Date(clock.now()), leaseMs);
        if (claimed.length < want) exhausted = true;
        for (const row of claimed) {
          const p: Promise<void> = attempt(row)
            .catch((error: Error) =>
              log.error({ err: error, delivery: row.attempt.id }, 'delivery not recorded'),
            )
            .finally(() => inflight.delete(p));
          inflight.add(p);
        }
        attempted += claimed.length;
        if (claimed.length > 0) continue;
      }
      if (inflight.size === 0) return attempted;
      await Promise.race(inflight);
    }
  };

  const run = (): Promise<number> => {
    if (running) {
      // The pass under way looks again when it ends; if it had already stopped looking, run anew.
      again = true;
      return running.then(async (n) => (again ? n + (await run()) : n));
    }
    if (channels.length === 0 || stopped) return Promise.resolve(0);
    running = (async () => {
      let total = 0;
      do {
        again = false;
        total += await drain();
      } while (again && !stopped);
      return total;
    })()
      .catch((error: Error) => {
        log.error({ err: error }, 'delivery pass failed; tried again at the next poll');
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  const pollMs = options.pollMs ?? 250;
  const timer = pollMs > 0 ? clock.setInterval(() => void run(), pollMs) : null;

  return {
    kick: () => void run(),
    runOnce: run,
    async stop() {
      stopped = true;
      timer?.cancel();
      while (running) await running;
    },
  };
}
