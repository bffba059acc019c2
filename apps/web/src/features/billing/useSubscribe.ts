import { useQueryClient } from '@tanstack/react-query';
import type { Subscription } from '@tapeline/core';
import { useCallback } from 'react';
import { useSession, useUser } from '../../app/session.tsx';
import { appStores } from '../../lib/session.ts';
import { PLAN_KEY } from '../../lib/storageKeys.ts';
import { billingApi, billingKeys } from './billingApi.ts';
import { paymentComplete } from './paymentComplete.ts';
import { isBilled } from './planRules.ts';

/**
 * POST /api/stripe/subscription, then everything a new subscription changes: the stored plan
 * choice is spent, history and the session's user are refetched (so the route gate lets the
 * user into /dashboard and the top bar shows PRO / PRO+), and 'Payment complete' shows.
 */
export function useSubscribe(): (plan: string, coupon?: string) => Promise<Subscription> {
  const queryClient = useQueryClient();
  const { refresh } = useSession();
  const user = useUser();
  const hadBilled = isBilled(user.subscription);

  return useCallback(
    async (plan: string, coupon?: string) => {
      const subscription = await billingApi.subscribe(plan, coupon);
      appStores.local.removeItem(PLAN_KEY);
      // The server's answer says whether a trial started; the modal must not claim one that did not.
      paymentComplete.show(
        hadBilled ? 'changed' : subscription.status === 'trialing' ? 'subscribed' : 'charged',
      );
      void queryClient.invalidateQueries({ queryKey: billingKeys.history });
      // The trial on offer is spent now.
      void queryClient.invalidateQueries({ queryKey: billingKeys.plans });
      refresh();
      return subscription;
    },
    [queryClient, refresh, hadBilled],
  );
}
