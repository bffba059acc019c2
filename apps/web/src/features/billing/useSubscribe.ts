import { useQueryClient } from '@tanstack/react-query';
import { isLive, type Subscription } from '@tapeline/core';
import { useCallback } from 'react';
import { useSession, useUser } from '../../app/session.tsx';
import { billingApi, billingKeys } from '../../lib/billingApi.ts';
import { appStores } from '../../lib/session.ts';
import { PLAN_KEY } from '../../lib/storageKeys.ts';
import { paymentComplete } from './paymentComplete.ts';

/**
 * POST /api/stripe/subscription, then everything a new subscription changes: the stored plan
 * choice is spent, history and the session's user are refetched (so the route gate lets the
 * user into /dashboard and the top bar shows PRO / PRO+), and 'Payment complete' shows.
 */
export function useSubscribe(): (plan: string, coupon?: string) => Promise<Subscription> {
  const queryClient = useQueryClient();
  const { refresh } = useSession();
  const user = useUser();
  const hadLive = isLive(user.subscription);

  return useCallback(
    async (plan: string, coupon?: string) => {
      const subscription = await billingApi.subscribe(plan, coupon);
      appStores.local.removeItem(PLAN_KEY);
      paymentComplete.show(hadLive ? 'changed' : 'subscribed');
      void queryClient.invalidateQueries({ queryKey: billingKeys.history });
      refresh();
      return subscription;
    },
    [queryClient, refresh, hadLive],
  );
}
