import type { VoiceClipParams } from '@tapeline/core';
import type { Clock } from '../../platform/clock.ts';
import type { PrepareOutcome, VoiceHost } from './voiceHost.ts';

/** At most this many clips per trader are rendered ahead (75 favourites in two voices fit). */
export const WARM_CLIPS_PER_USER = 150;
/** Clips waiting to be rendered ahead, all traders together; more are dropped, not queued. */
export const WARM_QUEUE_MAX = 600;
/** A trader whose tab connects again within this time is not looked at again (reconnects). */
export const WARM_SESSION_AGAIN_MS = 30 * 60_000;

export interface VoiceWarmerDeps {
  host: Pick<VoiceHost, 'prepare'>;
  /** The trader's watched clips, at most `max` (watchedClips.ts). */
  watched(userId: string, max: number): Promise<VoiceClipParams[]>;
  clock: Pick<Clock, 'now'>;
  log: { warn(obj: object, msg?: string): void };
}

export interface VoiceWarmer {
  /**
   * Renders the trader's watched clips ahead, in the background: `change` after they changed
   * what they watch or how it is spoken, `session` when a tab connects (skipped when one did
   * within WARM_SESSION_AGAIN_MS). Returns at once.
   */
  warm(userId: string, why: 'change' | 'session'): void;
  /** Resolves when nothing is waiting (tests, shutdown). */
  settled(): Promise<void>;
  /** What the warm-up did since start: outcomes counted, and clips dropped for a full queue. */
  readonly counts: Readonly<Record<PrepareOutcome | 'dropped', number>>;
  stop(): void;
}

/**
 * Voice renders ahead for watched symbols (issue 27 item 9): a burst at the open asks for many
 * clips at once, and each miss waits for espeak-ng on one thread, so late ones answered 503
 * ("voice render timed out"). Clips of what a trader watches are rendered before they are
 * asked for: one at a time (a request waits behind at most one warm-up render), from one bounded
 * queue, capped per trader, and nothing cached is rendered again (the host's `prepare` looks at
 * the disk first). Never on a request's path: `warm` only queues.
 */
export function createVoiceWarmer(deps: VoiceWarmerDeps): VoiceWarmer {
  const queue: VoiceClipParams[] = [];
  const queued = new Set<string>();
  const loading = new Set<string>();
  // Changed while their watched set was being read: read again once that read is done.
  const again = new Set<string>();
  const lastSession = new Map<string, number>();
  const counts = { cached: 0, rendered: 0, unlisted: 0, busy: 0, failed: 0, dropped: 0 };
  let running: Promise<void> | null = null;
  let stopped = false;
  const loads = new Set<Promise<void>>();

  const id = (c: VoiceClipParams) => `${c.voiceId}/${c.kind}/${c.symbol}`;

  const drain = async () => {
    for (let clip = queue.shift(); clip && !stopped; clip = queue.shift()) {
      queued.delete(id(clip));
      counts[await deps.host.prepare(clip)]++;
    }
    running = null;
  };

  const enqueue = (clips: readonly VoiceClipParams[]) => {
    for (const clip of clips) {
      if (queued.has(id(clip))) continue;
      if (queue.length >= WARM_QUEUE_MAX) {
        counts.dropped++;
        continue;
      }
      queued.add(id(clip));
      queue.push(clip);
    }
    // drain() awaits before it ends, so `running` is its promise until the queue is empty.
    if (queue.length > 0) running ??= drain();
  };

  const forgetOldSessions = (now: number) => {
    // Bounded by the traders seen within the window; pruned when it grows.
    if (lastSession.size < 10_000) return;
    for (const [user, at] of lastSession) if (now - at >= WARM_SESSION_AGAIN_MS) lastSession.delete(user);
  };

  const warm = (userId: string, why: 'change' | 'session'): void => {
    if (stopped) return;
    if (loading.has(userId)) {
      if (why === 'change') again.add(userId);
      return;
    }
    if (why === 'session') {
      const now = deps.clock.now();
      const last = lastSession.get(userId);
      if (last !== undefined && now - last < WARM_SESSION_AGAIN_MS) return;
      forgetOldSessions(now);
      lastSession.set(userId, now);
    }
    loading.add(userId);
    const load = deps
      .watched(userId, WARM_CLIPS_PER_USER)
      .then(enqueue, (error: unknown) => deps.log.warn({ err: error, userId }, 'voice warm-up not loaded'))
      .finally(() => {
        loading.delete(userId);
        loads.delete(load);
        if (again.delete(userId)) warm(userId, 'change');
      });
    loads.add(load);
  };

  return {
    warm,
    async settled() {
      while (loads.size > 0 || running) {
        await Promise.all([...loads]);
        await running;
      }
    },
    get counts() {
      return counts;
    },
    stop() {
      stopped = true;
      queue.length = 0;
      queued.clear();
    },
  };
}
