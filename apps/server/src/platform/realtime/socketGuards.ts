import { banActive, type RequiredTier } from '@tapeline/core';
import { enforce, type Principal, type Requirement } from '../http/guards.ts';
import { cachedSingleFlight } from '../singleFlight.ts';
import { type SocketGuard, SocketRefusalError } from './socketRoute.ts';

/**
 * How long a user's guard facts (role, tier, chat toggle, ban) are reused by socket calls. Long
 * enough that a burst of calls reads them once, short enough that a change made elsewhere
 * (another node, the CLI) counts within a second; a change made here forgets them at once.
 */
export const GUARD_FACTS_MS = 1000;

/** The guards a socket event declares: the HTTP guards' vocabulary, on the socket's user. */
export interface SocketGuards {
  /** Any signed-in user, with their principal. */
  user: SocketGuard<Principal>;
  verified: SocketGuard<Principal>;
  subscriber: SocketGuard<Principal>;
  tier(tier: RequiredTier): SocketGuard<Principal>;
  role(role: 'admin' | 'mod'): SocketGuard<Principal>;
  /** A subscriber who may write in chat: chat not turned off by an admin, not banned. */
  chatWriter: SocketGuard<Principal>;
  /** This node just changed the user's facts (a ban): the next call reads them again. */
  forget(userId: string): void;
}

/**
 * Socket guards over one cached, single-flight read of a user's facts (`facts`, the same read
 * the HTTP guards make), decided by the same pure `enforce`.
 */
export function createSocketGuards(
  facts: (userId: string) => Promise<Principal>,
  now: () => number,
): SocketGuards {
  const cache = cachedSingleFlight(facts, GUARD_FACTS_MS, now);
  const guard = (name: string, need: Requirement): SocketGuard<Principal> => ({
    name,
    check: async ({ userId }) => enforce(await cache.get(userId), need),
  });
  const subscriber = guard('subscriber', { subscriber: true });
  return {
    user: guard('user', {}),
    verified: guard('verified', { verified: true }),
    subscriber,
    tier: (tier) => guard(`tier:${tier}`, { tier }),
    role: (role) => guard(`role:${role}`, { role }),
    chatWriter: {
      name: 'chat:writer',
      async check(identity) {
        const principal = await subscriber.check(identity);
        const { user } = principal;
        if (user.chat === 0) throw new SocketRefusalError('chat_disabled');
        if (banActive(user.banExpAt?.getTime() ?? null, now())) throw new SocketRefusalError('banned');
        return principal;
      },
    },
    forget: (userId) => cache.forget(userId),
  };
}
