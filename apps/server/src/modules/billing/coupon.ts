import { type Coupon, couponParamsSchema, messages } from '@tapeline/core';
import type { AppContext } from '../../platform/context.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { noSuchCoupon } from './errors.ts';

/** GET /api/stripe/coupon/:code → the coupon, or 404 'No such coupon: <code>'. */
export async function findCoupon(ctx: AppContext, params: unknown): Promise<Coupon> {
  const { code } = parseInput(couponParamsSchema, params, 'bad_request', messages.discountInvalid);
  const coupon = await ctx.billing.findCoupon(code.trim());
  if (!coupon) throw noSuchCoupon(code);
  return coupon;
}
