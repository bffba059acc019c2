import { useQueryClient } from '@tanstack/react-query';
import type { DiscoveryAccess } from '@tapeline/core';
import { useEffect, useRef } from 'react';

/** Queries whose answers the data host cuts to the plan of the token that asked. */
export const PLAN_SHAPED_QUERIES = [['discovery'], ['symbolFlow']] as const;

/**
 * A data token carries the plan it was issued for (the data host strips columns by its claim),
 * so when the trader's plan changes — an upgrade just paid for, a downgrade — the tab drops its
 * token (the next call logs in to the data source again) and refetches what the old plan shaped.
 * Mount once, under the session, with the signed-in user's Discovery access.
 */
export function useDataTokenFollowsPlan(access: DiscoveryAccess): void {
  const client = useQueryClient();
  const last = useRef(access);
  useEffect(() => {
    if (last.current === access) return;
    last.current = access;
    // Loaded here, not imported: the signed-out pages that mount the session never need it.
    void import('./dataHost.ts').then(({ dataHost }) => {
      dataHost.forget();
      for (const queryKey of PLAN_SHAPED_QUERIES) void client.invalidateQueries({ queryKey: [...queryKey] });
    });
  }, [access, client]);
}
