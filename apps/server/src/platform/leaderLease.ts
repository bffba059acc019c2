import type { Redis } from 'ioredis';
import type { Clock } from './clock.ts';
import type { Log } from './log.ts';

/**
 * One leader among processes that share a Redis (the market engine: docs/decisions.md, "One
 * leader engine"). The lease is a key holding `<epoch>:<id>` with a time to live, renewed by
 * its holder; whoever finds it gone takes it. Each taking mints an epoch above every earlier one
 * (at least the taker's wall clock, and above the last epoch Redis recorded): the fencing token.
 * The engine stamps its batches with it, and a gateway drops batches of an epoch older than the
 * newest it has heard, so a deposed leader that is still running is never relayed.
 */
export interface LeaderLease {
  /** Waits (a hot standby) until this process holds the lease; resolves with its epoch. */
  acquire(): Promise<number>;
  /** Resolves when the lease held is lost to another process (or on close). */
  lost(): Promise<void>;
  /** Whether this process holds the lease now. */
  holding(): boolean;
  /** Stops renewing and waiting; gives the lease up when held. */
  close(): Promise<void>;
}

export interface LeaderLeaseOptions {
  redis: Redis;
  /** The lease's key; `<key>:epoch` keeps the last epoch. */
  key: string;
  /** This process, for the logs and the lease's value. */
  id: string;
  clock: Pick<Clock, 'now' | 'sleep'>;
  log: Pick<Log, 'info' | 'warn'>;
  /** The lease's time to live (default 3 s): a dead leader's is taken over after at most this. */
  leaseMs?: number;
  /** How often the holder renews (default 1 s: two renewals may fail before the lease does). */
  renewMs?: number;
  /** How often a standby tries to take it (default 0.5 s). */
  pollMs?: number;
}

export const LEASE_MS = 3_000;
export const LEASE_RENEW_MS = 1_000;
export const LEASE_POLL_MS = 500;

// KEYS: lease, epoch. ARGV: id, lease ms, now ms. The new epoch, or 0 when the lease is held.
const TAKE = `
if redis.call('exists', KEYS[1]) == 1 then return 0 end
local last = tonumber(redis.call('get', KEYS[2]) or '0')
local epoch = math.max(tonumber(ARGV[3]), last + 1)
redis.call('set', KEYS[2], string.format('%d', epoch))
redis.call('set', KEYS[1], string.format('%d', epoch) .. ':' .. ARGV[1], 'PX', ARGV[2])
return epoch`;

// KEYS: lease, epoch. ARGV: value, lease ms, epoch. 1: still ours (renewed, or taken back after
// Redis lost it while nobody else took it); 0: another process holds or held it since.
const RENEW = `
local held = redis.call('get', KEYS[1])
if held == ARGV[1] then redis.call('pexpire', KEYS[1], ARGV[2]) return 1 end
if held then return 0 end
local last = redis.call('get', KEYS[2])
if last and last ~= ARGV[3] then return 0 end
redis.call('set', KEYS[2], ARGV[3])
redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`;

// KEYS: lease. ARGV: value.
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;

export function createLeaderLease(options: LeaderLeaseOptions): LeaderLease {
  const { redis, key, id, clock, log } = options;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const renewMs = options.renewMs ?? LEASE_RENEW_MS;
  const pollMs = options.pollMs ?? LEASE_POLL_MS;
  const epochKey = `${key}:epoch`;
  let closed = false;
  let held: { epoch: number; value: string } | null = null;
  let loseNow: (() => void) | null = null;

  const take = async (): Promise<number> => {
    const epoch = Number(await redis.eval(TAKE, 2, key, epochKey, id, leaseMs, clock.now()));
    return Number.isFinite(epoch) ? epoch : 0;
  };

  /** Renews until the lease is lost or closed; a Redis that does not answer is not a loss. */
  const keep = async (lease: { epoch: number; value: string }) => {
    while (!closed && held === lease) {
      await clock.sleep(renewMs);
      if (closed || held !== lease) return;
      try {
        const ours = await redis.eval(RENEW, 2, key, epochKey, lease.value, leaseMs, String(lease.epoch));
        if (Number(ours) !== 1) {
          log.warn({ id, epoch: lease.epoch }, 'leader lease lost to another process');
          held = null;
          loseNow?.();
          return;
        }
      } catch {
        // Redis away: nobody else can take the lease either; the next renewal decides.
      }
    }
  };

  return {
    async acquire() {
      while (!closed) {
        try {
          const epoch = await take();
          if (epoch > 0) {
            const lease = { epoch, value: `${epoch}:${id}` };
            held = lease;
            log.info({ id, epoch }, 'leader lease taken');
            void keep(lease);
            return epoch;
          }
        } catch {
          // Redis away: try again at the next turn.
        }
        await clock.sleep(pollMs);
      }
      throw new Error('leader lease closed');
    },
    lost: () =>
      new Promise<void>((resolve) => {
        if (!held || closed) {
          resolve();
          return;
        }
        loseNow = resolve;
      }),
    holding: () => held !== null,
    async close() {
      closed = true;
      const lease = held;
      held = null;
      loseNow?.();
      if (lease) await redis.eval(RELEASE, 1, key, lease.value).catch(() => undefined);
    },
  };
}
