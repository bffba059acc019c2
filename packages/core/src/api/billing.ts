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
export const planListSchema = z.array(planSchema);

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
export const subscriptionParamsSchema = z.object({ id: z.string().min(1).max(200) });

export const billingConfigSchema = z.object({
  provider: z.enum(['local', 'stripe']),
  publishable_key: z.string().nullable(),
  trial_days: z.number().int(),
});
export type BillingConfig = z.infer<typeof billingConfigSchema>;
