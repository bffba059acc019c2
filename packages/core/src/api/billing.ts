import { z } from 'zod';
import { customerSchema, subscriptionSchema } from './user.ts';

/** A plan as GET /api/stripe/plans lists it (spec §3). `selected` is set by the client. */
export const planSchema = z.object({
  id: z.string(),
  nickname: z.string(),
  amount: z.number().int().nonnegative(),
  interval: z.enum(['month', 'year']),
  interval_count: z.number().int().positive(),
  metadata: z.object({ description: z.string(), features: z.string() }),
  selected: z.boolean().optional(),
});
export type Plan = z.infer<typeof planSchema>;

/**
 * GET /api/stripe/plans answers each plan with the trial the server will grant this user on it
 * (Stripe's plan field of that name): 0 for anyone who had a subscription before, so screens
 * promise a trial only when subscribing really starts one.
 */
export const planOfferSchema = planSchema.extend({ trial_period_days: z.number().int().nonnegative() });
export type PlanOffer = z.infer<typeof planOfferSchema>;
export const planListSchema = z.array(planOfferSchema);

export const couponSchema = z.object({ id: z.string(), name: z.string(), percent_off: z.number() });
export type Coupon = z.infer<typeof couponSchema>;
export const couponParamsSchema = z.object({ code: z.string().min(1).max(64) });

export const invoiceSchema = z.object({
  id: z.string(),
  created: z.number().int(),
  total: z.number().int(),
  status: z.string(),
  lines: z.object({ data: z.array(z.object({ plan: z.object({ id: z.string() }) })) }),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoiceListSchema = z.object({ data: z.array(invoiceSchema) });

/** The local test-mode card provider's tokenization call (Stripe: Elements createToken). */
export const localCardTokenRequestSchema = z.object({
  number: z.string().max(32),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  cvc: z.string().max(8),
  name: z.string().max(200),
});
export type LocalCardTokenRequest = z.infer<typeof localCardTokenRequestSchema>;
export const cardTokenResponseSchema = z.object({ id: z.string() });

export const saveCustomerRequestSchema = z.object({ token: z.string().min(1).max(200) });
export type SaveCustomerRequest = z.infer<typeof saveCustomerRequestSchema>;
export const customerResponseSchema = customerSchema;

export const createSubscriptionRequestSchema = z.object({
  plan: z.string().min(1).max(64),
  coupon: z.string().max(64).optional(),
});
export type CreateSubscriptionRequest = z.infer<typeof createSubscriptionRequestSchema>;
export const subscriptionResponseSchema = subscriptionSchema;
/** DELETE /api/stripe/subscription/:id (cancel) and POST /api/stripe/subscription/:id/resume. */
export const subscriptionParamsSchema = z.object({ id: z.string().min(1).max(200) });
/**
 * POST /api/stripe/subscription/:id/resume (no body): undoes a pending cancellation, the owner
 * only; answers the subscription (subscriptionResponseSchema).
 */
export const resumeSubscriptionParamsSchema = subscriptionParamsSchema;

export const billingConfigSchema = z.object({
  provider: z.enum(['local', 'stripe']),
  publishable_key: z.string().nullable(),
  trial_days: z.number().int(),
});
export type BillingConfig = z.infer<typeof billingConfigSchema>;
