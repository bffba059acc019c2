import type { AppContext } from '../../platform/context.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import type { Guards } from '../../platform/http/guards.ts';
import type { Guard } from '../../platform/http/route.ts';

export interface BillingAccess {
  /** The signed-in user (401 otherwise), with their billing brought up to date first. */
  user: Guard<UserRow>;
  /** As `user`, and the email must be verified (403 `email_unverified`): paying needs a real address. */
  verifiedUser: Guard<UserRow>;
}

/** The route guards of the billing calls: the usual ones, then the user's billing refreshed. */
export function billingAccess(ctx: AppContext, guards: Guards): BillingAccess {
  const refreshed = (guard: Guard<{ user: UserRow }>): Guard<UserRow> => ({
    name: guard.name,
    async check(request) {
      const { user } = await guard.check(request);
      await ctx.billing.refresh(user.id);
      return user;
    },
  });
  return { user: refreshed(guards.user), verifiedUser: refreshed(guards.verified) };
}
