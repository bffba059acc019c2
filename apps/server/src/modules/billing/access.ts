import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import type { Guards } from '../../platform/http/guards.ts';

export interface BillingAccess {
  /** The signed-in user (401 otherwise), with their billing brought up to date first. */
  user(request: FastifyRequest): Promise<UserRow>;
  /** As `user`, and the email must be verified (403 `email_unverified`): paying needs a real address. */
  verifiedUser(request: FastifyRequest): Promise<UserRow>;
}

export function billingAccess(ctx: AppContext, guards: Guards): BillingAccess {
  const refreshed = async (user: UserRow) => {
    await ctx.billing.refresh(user.id);
    return user;
  };
  return {
    user: async (request) => refreshed((await guards.requireUser(request)).user),
    verifiedUser: async (request) => refreshed((await guards.requireVerified(request)).user),
  };
}
