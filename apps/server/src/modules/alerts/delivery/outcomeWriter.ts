import type { Clock, Timer } from '../../../platform/clock.ts';
import type { DeliveryQueue, Outcome } from './deliveryQueue.ts';

/**
 * Writes attempt outcomes in bursts: one UPDATE for every outcome that finished within a few
 * milliseconds of the first (or as soon as `burst` have), rather than one per delivery, since a
 * statement costs far more than a row. Each write resolves once its outcome is in the database.
 */
export function createOutcomeWriter(
  queue: DeliveryQueue,
  options: { burst: number; waitMs: number; clock: Clock },
) {
  const { clock } = options;
  type Waiting = { outcome: Outcome; done: () => void; failed: (error: unknown) => void };
  let unwritten: Waiting[] = [];
  let timer: Timer | null = null;
  let writing = false;

  const writeAll = async (): Promise<void> => {
    while (unwritten.length > 0) {
      const burst = unwritten;
      unwritten = [];
      try {
        await queue.recordMany(burst.map((w) => w.outcome));
        for (const w of burst) w.done();
      } catch (error) {
        for (const w of burst) w.failed(error);
      }
    }
  };
  const flush = () => {
    timer?.cancel();
    timer = null;
    if (writing) {
      // The write under way takes what arrives before its loop ends; the timer covers the rest.
      timer = clock.setTimeout(flush, options.waitMs);
      return;
    }
    writing = true;
    void writeAll().finally(() => {
      writing = false;
    });
  };

  return (outcome: Outcome): Promise<void> =>
    new Promise<void>((done, failed) => {
      unwritten.push({ outcome, done, failed });
      if (unwritten.length >= options.burst) flush();
      else timer ??= clock.setTimeout(flush, options.waitMs);
    });
}
