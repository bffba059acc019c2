import { useQuery } from '@tanstack/react-query';
import { billingApi, billingKeys } from './billingApi.ts';

export function useBillingConfig() {
  return useQuery({
    queryKey: billingKeys.config,
    queryFn: billingApi.config,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function usePlans() {
  return useQuery({ queryKey: billingKeys.plans, queryFn: billingApi.plans, staleTime: 5 * 60_000 });
}

export function useCustomer() {
  return useQuery({ queryKey: billingKeys.customer, queryFn: billingApi.customer });
}

export function useHistory() {
  return useQuery({ queryKey: billingKeys.history, queryFn: billingApi.history });
}
