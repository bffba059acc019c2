import type { HealthPart, HealthPartName, HealthReady } from '@tapeline/core';
import type { Clock } from './clock.ts';
import type { Log } from './log.ts';

/** A part answering slower than this is down: a probe must answer well within its own timeout. */
export const HEALTH_CHECK_TIMEOUT_MS = 2_000;
/** A feed whose trade count has not moved for this long during a session is stalled. */
export const FEED_STALL_MS = 60_000;
/** SMTP is asked at most this often (each check is a connection and a greeting). */
export const MAIL_CHECK_EVERY_MS = 30_000;

/** What the engine answers to `{kind: 'status'}` (market/engine/protocol.ts), as far as health reads it. */
interface StatusSource {
  query(query: { kind: 'status' }, timeoutMs?: number): Promise<string>;
}

/** What a node checks; a part left out is `off` and does not count. */
export interface HealthDeps {
  clock: Clock;
  log: Log;
  database?: () => Promise<unknown>;
  redis?: () => Promise<unknown>;
  /** The engine this node reads (its thread or the engine process over the bus). */
  engine?: StatusSource;
  /** Whether the feed's trade count is watched for stalls (not for `manual`, pushed by tests and tools). */
  watchFeed?: boolean;
  mail?: () => Promise<unknown>;
}

export interface Health {
  ready(): Promise<HealthReady>;
}

function withTimeout<T>(clock: Clock, work: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = clock.setTimeout(() => reject(new Error('timed out')), HEALTH_CHECK_TIMEOUT_MS);
    work.then(
      (value) => {
        timer.cancel();
        resolve(value);
      },
      (error: unknown) => {
        timer.cancel();
        reject(error);
      },
    );
  });
}

/**
 * The readiness checks, each timed and bounded; the answer carries states and latencies only
 * (an error's text may name a host, so it goes to the log, not to the public answer).
 */
export function createHealth(deps: HealthDeps): Health {
  const { clock, log } = deps;
  const feed = { trades: -1, movedAt: 0 };
  let mail: { at: number; part: HealthPart } | null = null;

  async function timed(name: HealthPartName, check: () => Promise<unknown>): Promise<HealthPart> {
    const began = clock.now();
    try {
      await withTimeout(clock, check());
      return { state: 'ok', latency_ms: clock.now() - began };
    } catch (error) {
      log.warn({ part: name, err: error }, 'health check failed');
      return { state: 'down', latency_ms: clock.now() - began };
    }
  }

  /** The engine's status, and from it whether the feed still moves during a session. */
  async function engineAndFeed(source: StatusSource): Promise<[HealthPart, HealthPart]> {
    let status: { trades?: unknown; phase?: unknown } | null = null;
    const engine = await timed('engine', async () => {
      status = JSON.parse(await source.query({ kind: 'status' }, HEALTH_CHECK_TIMEOUT_MS));
    });
    if (engine.state !== 'ok' || !status) return [engine, { state: 'down', latency_ms: null }];
    const { trades, phase } = status as { trades?: unknown; phase?: unknown };
    const now = clock.now();
    if (typeof trades === 'number' && trades !== feed.trades) {
      feed.trades = trades;
      feed.movedAt = now;
    }
    const stalled = deps.watchFeed === true && phase !== 'closed' && now - feed.movedAt > FEED_STALL_MS;
    return [engine, { state: stalled ? 'stalled' : 'ok', latency_ms: engine.latency_ms }];
  }

  async function mailPart(check: () => Promise<unknown>): Promise<HealthPart> {
    const now = clock.now();
    if (mail && now - mail.at < MAIL_CHECK_EVERY_MS && mail.part.state === 'ok') return mail.part;
    const part = await timed('mail', check);
    mail = { at: now, part };
    return part;
  }

  return {
    async ready() {
      const off: HealthPart = { state: 'off', latency_ms: null };
      const [database, redis, engineFeed, mailState] = await Promise.all([
        deps.database ? timed('database', deps.database) : off,
        deps.redis ? timed('redis', deps.redis) : off,
        deps.engine ? engineAndFeed(deps.engine) : ([off, off] as const),
        deps.mail ? mailPart(deps.mail) : off,
      ]);
      const parts: HealthReady['parts'] = {};
      const all: [HealthPartName, HealthPart][] = [
        ['database', database],
        ['redis', redis],
        ['engine', engineFeed[0]],
        ['feed', engineFeed[1]],
        ['mail', mailState],
      ];
      for (const [name, part] of all) if (part.state !== 'off') parts[name] = part;
      return { ready: Object.values(parts).every((part) => part.state === 'ok'), parts };
    },
  };
}
