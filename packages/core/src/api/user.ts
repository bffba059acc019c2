import { z } from 'zod';
import { ROLES } from '../constants.ts';

export const roleSchema = z.enum(ROLES);

export const subscriptionSchema = z.object({
  id: z.string(),
  plan: z.string(),
  amount: z.number(),
  status: z.string(),
  ended_at: z.number().nullable(),
  canceled_at: z.number().nullable(),
  /**
   * Stripe's field: when a pending cancellation takes effect (seconds), null when none is
   * pending. Optional so stored sessions from before it still parse.
   */
  cancel_at: z.number().nullable().optional(),
  /**
   * The discount the subscription carries (a coupon applied earlier), in percent; absent when
   * none. A plan change keeps it unless another coupon is given, so the plan screen prices with it.
   */
  percent_off: z.number().min(0).max(100).optional(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const customerSchema = z.object({
  card_kind: z.string(),
  card_last_4: z.string(),
  card_exp_month: z.number(),
  card_exp_year: z.number(),
});
export type Customer = z.infer<typeof customerSchema>;

export const profileSchema = z.object({
  role: roleSchema,
  image: z.string().nullable(),
  chat_notification: z.boolean(),
  ban_exp_at: z.number().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/** What other traders may see of a trader: in the user (§3) and in the Profile tab's answer. */
export const traderFiguresShape = {
  username: z.string().nullable(),
  role: roleSchema,
  chat: z.number(),
  vibe: z.number(),
  cur_posts: z.number(),
  tot_posts: z.number(),
  service1yr: z.boolean(),
  vip: z.boolean(),
};

/** The user as the API returns it (spec §3). Never carries a password hash. */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
  /** An address the user asked to change to, waiting for its confirmation link; null when none. */
  pending_email: z.string().nullable().default(null),
  ...traderFiguresShape,
  subscription: subscriptionSchema.nullable(),
  customer: customerSchema.nullable(),
  profile: profileSchema,
});
export type User = z.infer<typeof userSchema>;
