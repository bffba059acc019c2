import { useQuery } from '@tanstack/react-query';
import { authApi } from './authApi.ts';

/** GET /api/config: which optional sign-in methods this server offers. */
export function useConfig() {
  return useQuery({ queryKey: ['config'], queryFn: authApi.config, staleTime: Number.POSITIVE_INFINITY });
}
