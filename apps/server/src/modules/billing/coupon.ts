import type { Coupon } from '@tapeline/core';
import type { AppContext } from '../../platform/context.ts';
import { noSuchCoupon } from './errors.ts';

/** GET /api/stripe/coupon/:code → the coupon, or 404 'No such coupon: <code>'. */
export async function findCoupon(ctx: AppContext, { code }: { code: string }): Promise<Coupon> {
  const coupon = await ctx.billing.findCoupon(code.trim());
  if (!coupon) throw noSuchCoupon(code);
  return coupon;
}
