import type { ApiKeyScope, V1Requirement } from '@tapeline/core';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../platform/http/errors.ts';
import type { Guards, Principal, Requirement } from '../../platform/http/guards.ts';
import type { Guard } from '../../platform/http/route.ts';
import { RateLimitedError, type RateLimiter, type RateState } from '../../platform/rateLimit.ts';
import { type AuthenticatedKey, invalidApiKey, type KeyAuth, requireScope } from '../apiKeys/keyAuth.ts';

/** A v1 caller: the key's user with the same principal the browser's guards build, and the key. */
export type KeyPrincipal = Principal & { key: AuthenticatedKey };

const NEEDS: Record<V1Requirement, Requirement> = {
  any: {},
  subscriber: { subscriber: true },
  pro: { tier: 'pro' },
  proplus: { tier: 'proplus' },
};

/** Where each v1 call's key stands in its window, for the RateLimit-* headers (v1 scope's onSend). */
export const rateStates = new WeakMap<FastifyRequest, RateState>();

/**
 * The v1 guards, named `key:<scope>:<requirement>` for the authorization matrix. Order: the key
 * (401), its allowance (429), its scope (403 `scope_missing`), then the user's requirement with
 * the browser's own decision (`forUserId`: banned from the dashboard, unsubscribed, below the tier).
 */
export function createKeyGuards(auth: KeyAuth, guards: Pick<Guards, 'forUserId'>, limiter: RateLimiter) {
  const principalFor = async (key: AuthenticatedKey, need: Requirement): Promise<KeyPrincipal> => {
    try {
      return { ...(await guards.forUserId(key.row.userId, need)), key };
    } catch (error) {
      // The user is gone: the key is as good as unknown.
      if (error instanceof HttpError && error.status === 401) throw invalidApiKey();
      throw error;
    }
  };
  const guard = (scope: ApiKeyScope | null, requires: V1Requirement): Guard<KeyPrincipal> => ({
    name: `key:${scope ?? 'any'}:${requires}`,
    async check(request) {
      const key = await auth.authenticateHeader(request.headers.authorization);
      try {
        rateStates.set(request, await limiter.take('apiKey', key.row.id));
      } catch (error) {
        if (error instanceof RateLimitedError && error.state) rateStates.set(request, error.state);
        throw error;
      }
      requireScope(key, scope);
      return principalFor(key, NEEDS[requires]);
    },
  });
  return { guard, principalFor };
}

export type KeyGuards = ReturnType<typeof createKeyGuards>;
