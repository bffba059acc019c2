import type { NewsStats } from '../newsSource.ts';

export type MutableNewsStats = { -readonly [K in keyof NewsStats]: NewsStats[K] };

export function emptyNewsStats(): MutableNewsStats {
  return { received: 0, malformed: 0, failures: 0, lastOkAt: null };
}

/**
 * Ids already handed over, so a poll that sees the same items again (RSS without conditional
 * GET, overlapping backfill) does not send them twice. Bounded: the oldest are forgotten, and the
 * store's (source, source_id) key still drops a repeat.
 */
export class SeenIds {
  private readonly ids = new Set<string>();
  constructor(private readonly max = 5_000) {}

  has(id: string): boolean {
    return this.ids.has(id);
  }

  /** True the first time an id is offered. */
  add(id: string): boolean {
    if (this.ids.has(id)) return false;
    this.ids.add(id);
    if (this.ids.size > this.max) {
      const oldest = this.ids.values().next().value;
      if (oldest !== undefined) this.ids.delete(oldest);
    }
    return true;
  }
}
