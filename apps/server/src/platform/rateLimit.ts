import { API_V1_RATE, messages } from '@tapeline/core';
import type { Redis } from 'ioredis';
import {
  type IRateLimiterOptions,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { HttpError } from './http/errors.ts';

export interface Policy {
  points: number;
  durationSec: number;
  /** A product rule rather than an abuse limit: RATE_LIMIT_SCALE does not stretch it. */
  fixed?: boolean;
}

/**
 * Allowances per window. Logins are counted per IP and per IP+account; an account's failures
 * from everywhere slow every attempt on it down (login.ts) and, past a wide cap, stop only
 * addresses that never signed in to it, so a flood of guesses never locks its owner out.
 */
export const policies = {
  loginIp: { points: 30, durationSec: 300 },
  loginAccountIp: { points: 8, durationSec: 300 },
  /** Failures for one account from anywhere; past this only its known addresses may try. */
  loginAccount: { points: 200, durationSec: 3600 },
  signupIp: { points: 10, durationSec: 3600 },
  mailIp: { points: 10, durationSec: 900 },
  mailAccount: { points: 5, durationSec: 900 },
  resetIp: { points: 20, durationSec: 900 },
  googleIp: { points: 30, durationSec: 300 },
  /** PUT /api/auth/user: a stolen session must not spray the mail of others or guess passwords. */
  accountUpdateUser: { points: 10, durationSec: 3600 },
  /** Email changes send mail to an address the user names: few per hour. */
  emailChangeUser: { points: 3, durationSec: 3600 },
  profileUpdateUser: { points: 30, durationSec: 600 },
  /** One vote per user and symbol a minute, so a single trader cannot pump a symbol. */
  popularityVote: { points: 1, durationSec: 60, fixed: true },
  popularityUser: { points: 120, durationSec: 60 },
  /** POST /api/alerts/webhook/test: each click POSTs to every URL the trader names. */
  webhookTestUser: { points: 5, durationSec: 60 },
  /** Voice clips not yet on disk, per address: each costs a render (modules/voice/voiceHost.ts). */
  voiceRenderIp: { points: 60, durationSec: 60 },
  /** Favourite quotes (docs/quotes-news.md): edits write rows and re-send the rule set. */
  quotesWrite: { points: 60, durationSec: 60 },
  quotesRead: { points: 120, durationSec: 60 },
  newsRead: { points: 120, durationSec: 60 },
  /** POST /api/news/extract fetches a publisher's page. */
  newsExtract: { points: 30, durationSec: 60 },
  /** Each personal API key on /api/v1 (core API_V1_RATE), answered with RateLimit-* headers. */
  apiKey: { points: API_V1_RATE.points, durationSec: API_V1_RATE.windowSec, fixed: true },
} satisfies Record<string, Policy>;

export type PolicyName = keyof typeof policies;

/** Where a key stands after a counted call: what the RateLimit-* headers say. */
export interface RateState {
  limit: number;
  remaining: number;
  /** Seconds until the window starts over. */
  resetSec: number;
}

export interface RateLimiter {
  /** Counts one attempt; throws 429 once the allowance of any key is spent. */
  consume(policy: PolicyName, key: string): Promise<void>;
  /** `consume`, answering where the key stands; the 429 carries the same state. */
  take(policy: PolicyName, key: string): Promise<RateState>;
  /** Throws 429 when a key's allowance is spent, without counting this attempt. */
  check(policy: PolicyName, key: string): Promise<void>;
  /** Counts failures (one unless told) against a key that `check` guards. */
  penalize(policy: PolicyName, key: string, points?: number): Promise<void>;
  /** How many points a key has used in its current window (0 when none). */
  used(policy: PolicyName, key: string): Promise<number>;
  /** Forgets a key, e.g. an account's failures after the owner signs in. */
  reset(policy: PolicyName, key: string): Promise<void>;
}

export class RateLimitedError extends HttpError {
  constructor(
    readonly retryAfterSec: number,
    readonly state?: RateState,
  ) {
    super(429, 'rate_limited', messages.rateLimited, false, { 'retry-after': String(retryAfterSec) });
  }
}

const secondsOf = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export function createRateLimiter(options: { redis?: Redis; scale: number; prefix?: string }): RateLimiter {
  const limiters = new Map<PolicyName, RateLimiterMemory | RateLimiterRedis>();
  for (const [name, policy] of Object.entries(policies) as [PolicyName, Policy][]) {
    const opts: IRateLimiterOptions = {
      keyPrefix: `${options.prefix ?? 'rl'}:${name}`,
      points: policy.fixed ? policy.points : Math.max(1, Math.round(policy.points * options.scale)),
      duration: policy.durationSec,
    };
    limiters.set(
      name,
      options.redis
        ? // If Redis stops answering, each node falls back to counting in memory rather than failing
          // logins, at once while the connection is down (not after ioredis's retries).
          new RateLimiterRedis({
            ...opts,
            storeClient: options.redis,
            rejectIfRedisNotReady: true,
            insuranceLimiter: new RateLimiterMemory(opts),
          })
        : new RateLimiterMemory(opts),
    );
  }
  const get = (name: PolicyName) => {
    const limiter = limiters.get(name);
    if (!limiter) throw new Error(`unknown rate-limit policy ${name}`);
    return limiter;
  };
  return {
    async consume(policy, key) {
      try {
        await get(policy).consume(key);
      } catch (error) {
        if (error instanceof RateLimiterRes) {
          throw new RateLimitedError(Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
        }
        throw error;
      }
    },
    async take(policy, key) {
      const limiter = get(policy);
      try {
        const res = await limiter.consume(key);
        return {
          limit: limiter.points,
          remaining: res.remainingPoints,
          resetSec: secondsOf(res.msBeforeNext),
        };
      } catch (error) {
        if (error instanceof RateLimiterRes) {
          const resetSec = secondsOf(error.msBeforeNext);
          throw new RateLimitedError(resetSec, { limit: limiter.points, remaining: 0, resetSec });
        }
        throw error;
      }
    },
    async check(policy, key) {
      const limiter = get(policy);
      const state = await limiter.get(key);
      if (state && state.consumedPoints >= limiter.points) {
        throw new RateLimitedError(Math.max(1, Math.ceil(state.msBeforeNext / 1000)));
      }
    },
    async penalize(policy, key, points = 1) {
      await get(policy).penalty(key, points);
    },
    async used(policy, key) {
      return (await get(policy).get(key))?.consumedPoints ?? 0;
    },

    async reset(policy, key) {
      await get(policy).delete(key);
    },
  };
}
