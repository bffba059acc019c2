import {
  billingConfigSchema,
  type Coupon,
  cardTokenResponseSchema,
  couponSchema,
  customerResponseSchema,
  invoiceListSchema,
  type LocalCardTokenRequest,
  planListSchema,
  subscriptionResponseSchema,
} from '@tapeline/core';
import { api } from '../../lib/authApi.ts';

/** Spec §7 billing calls. The paths keep the specification's /api/stripe prefix for both providers. */
export const billingApi = {
  config: () => api.request('GET', '/api/billing/config', billingConfigSchema),
  plans: () => api.request('GET', '/api/stripe/plans', planListSchema),
  customer: () => api.request('GET', '/api/stripe/customer', customerResponseSchema.nullable()),
  saveCustomer: (token: string) =>
    api.request('POST', '/api/stripe/customer', customerResponseSchema, { token }),
  localToken: (card: LocalCardTokenRequest) =>
    api.request('POST', '/api/billing/local/tokens', cardTokenResponseSchema, card),
  subscribe: (plan: string, coupon?: string) =>
    api.request(
      'POST',
      '/api/stripe/subscription',
      subscriptionResponseSchema,
      coupon ? { plan, coupon } : { plan },
    ),
  cancel: (id: string) =>
    api.request('DELETE', `/api/stripe/subscription/${encodeURIComponent(id)}`, subscriptionResponseSchema),
  resume: (id: string) =>
    api.request(
      'POST',
      `/api/stripe/subscription/${encodeURIComponent(id)}/resume`,
      subscriptionResponseSchema,
    ),
  history: () => api.request('GET', '/api/stripe/history', invoiceListSchema),
  coupon: (code: string): Promise<Coupon> =>
    api.request('GET', `/api/stripe/coupon/${encodeURIComponent(code)}`, couponSchema),
};

export const billingKeys = {
  config: ['billing', 'config'] as const,
  plans: ['billing', 'plans'] as const,
  customer: ['billing', 'customer'] as const,
  history: ['billing', 'history'] as const,
};
