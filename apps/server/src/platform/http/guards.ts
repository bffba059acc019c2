import type { Subscription } from '@tapeline/core';
import {
  hasRole,
  isActive,
  meetsTier,
  type RequiredTier,
  serverMessages,
  type Tier,
  tierOf,
} from '@tapeline/core';
import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema.ts';
import { createSocketGuards, type SocketGuards } from '../realtime/socketGuards.ts';
import { HttpError, unauthorized } from './errors.ts';
import type { Guard } from './route.ts';

/** The user and session behind an `Authorization: Bearer` header. */
export interface Authenticated {
  user: UserRow;
  sessionId: string;
}

/**
 * What the guards read, handed in by the composition root (app.ts builds it from the auth and
 * billing modules), so that platform/ imports nothing from modules/.
 */
export interface GuardSources {
  /** The live session behind the header; throws the 401 (`unauthorized()`) otherwise. */
  authenticate(authorization: string | undefined): Promise<Authenticated>;
  findUser(userId: string): Promise<UserRow | undefined>;
  /** The user's newest subscription in the API shape (`ended_at`), or null. */
  currentSubscription(userId: string): Promise<Subscription | null>;
}

/** Who is calling and what their subscription opens; every guard answers with this. */
export interface Principal {
  user: UserRow;
  /**
   * The subscription that counts for the dashboard (verified user, active), or null. The API
   * shape (`ended_at`), which is what every core tier rule reads.
   */
  subscription: Subscription | null;
  tier: Tier;
}

/** A principal from a request's bearer token: it names the API session too. */
export type RequestPrincipal = Principal & { sessionId: string };

/** What a route or socket event needs. Checked in this order, so the first failure wins. */
export interface Requirement {
  verified?: boolean;
  subscriber?: boolean;
  tier?: RequiredTier;
  role?: 'admin' | 'mod';
}

/**
 * Throws the HttpError a principal earns against a requirement. Pure, so socket handlers and
 * HTTP routes share the exact same decision.
 */
export function enforce(principal: Principal, need: Requirement): Principal {
  const { user } = principal;
  if (need.role && !hasRole(user.role, need.role)) {
    throw new HttpError(403, 'forbidden', serverMessages.forbidden);
  }
  if ((need.verified || need.subscriber || need.tier) && !user.emailVerified) {
    // An unverified user's subscription does not count (redirect rule 3 comes before rule 4).
    throw need.verified
      ? new HttpError(403, 'email_unverified', serverMessages.unverified)
      : new HttpError(403, 'subscription_required', serverMessages.subscriptionRequired);
  }
  if ((need.subscriber || need.tier) && !principal.subscription) {
    throw new HttpError(403, 'subscription_required', serverMessages.subscriptionRequired);
  }
  if (need.tier && !meetsTier(principal.tier, need.tier)) {
    throw new HttpError(403, 'upgrade_required', serverMessages.upgradeRequired);
  }
  return principal;
}

/**
 * The predicates read the API shape (`ended_at`, `canceled_at`), not the row's camelCase
 * columns: passing the row would silently ignore an ended subscription.
 */
async function principalOf(sources: GuardSources, user: UserRow): Promise<Principal> {
  const view = user.emailVerified ? await sources.currentSubscription(user.id) : null;
  const subscription = isActive(view) ? view : null;
  return { user, subscription, tier: tierOf(subscription) };
}

/** What a route declares as its `guard` (`route(app, { guard: guards.subscriber, … }, …)`). */
export interface Guards {
  /** A live session only, no subscription read: the account calls (logout, the user record). */
  session: Guard<Authenticated>;
  /** 401 `{error: 'Invalid access_token'}` (or `'access_token expired'`) without a valid token. */
  user: Guard<RequestPrincipal>;
  /** 403 `email_unverified` for an address not yet verified. */
  verified: Guard<RequestPrincipal>;
  /** 403 `subscription_required` without an active subscription (core `isActive`). */
  subscriber: Guard<RequestPrincipal>;
  /** 403 `upgrade_required` below the tier (core `tierOf`/`meetsTier`). */
  tier(tier: RequiredTier): Guard<RequestPrincipal>;
  /** 403 `forbidden` without the role (admin satisfies mod). */
  role(role: 'admin' | 'mod'): Guard<RequestPrincipal>;
  /** A user id against a requirement: for code that holds an id, not a request (a plan cache). */
  forUserId(userId: string, need: Requirement): Promise<Principal>;
  /** What a socket event declares (`socketRoute(io, { guard: guards.socket.subscriber, … })`). */
  socket: SocketGuards;
}

/** `now` (ms, the injected clock) dates the socket guards' cached facts and chat bans. */
export function createGuards(sources: GuardSources, now: () => number): Guards {
  const check = async (request: FastifyRequest, need: Requirement): Promise<RequestPrincipal> => {
    const { user, sessionId } = await sources.authenticate(request.headers.authorization);
    return { ...enforce(await principalOf(sources, user), need), sessionId };
  };
  const guard = (name: string, need: Requirement): Guard<RequestPrincipal> => ({
    name,
    check: (request) => check(request, need),
  });
  const forUserId = async (userId: string, need: Requirement) => {
    const user = await sources.findUser(userId);
    if (!user) throw unauthorized();
    return enforce(await principalOf(sources, user), need);
  };
  return {
    session: { name: 'session', check: (request) => sources.authenticate(request.headers.authorization) },
    user: guard('user', {}),
    verified: guard('verified', { verified: true }),
    subscriber: guard('subscriber', { subscriber: true }),
    tier: (tier) => guard(`tier:${tier}`, { tier }),
    role: (role) => guard(`role:${role}`, { role }),
    forUserId,
    socket: createSocketGuards((userId) => forUserId(userId, {}), now),
  };
}
