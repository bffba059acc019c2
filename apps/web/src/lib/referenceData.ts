import { type QueryKey, useQuery } from '@tanstack/react-query';
import { type StockName, type UsernameEntry, usernameListSchema } from '@tapeline/core';
import { useMemo } from 'react';
import { z } from 'zod';
import { api } from './authApi.ts';
import { dataHost } from './dataHost.ts';

/**
 * Reference lists fetched once at the start of the signed-in app (dashboard spec §6): stock
 * names, usernames, optionable symbols. They change rarely, so they stay fresh for long.
 */
const NAMES_STALE_MS = 6 * 3600_000;
const USERS_STALE_MS = 30 * 60_000;

export const referenceKeys = {
  stockNames: ['reference', 'stockNames'] as QueryKey,
  usernames: ['reference', 'usernames'] as QueryKey,
  optionable: ['reference', 'optionable'] as QueryKey,
};

const optionableSchema = z.array(z.string());

export function useStockNames() {
  return useQuery<StockName[]>({
    queryKey: referenceKeys.stockNames,
    queryFn: () => dataHost.rows('/data/stock-names.json', 'stockNames'),
    staleTime: NAMES_STALE_MS,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

export function useUsernames() {
  return useQuery<UsernameEntry[]>({
    queryKey: referenceKeys.usernames,
    queryFn: async () =>
      (await api.request('GET', '/api/users', usernameListSchema)).filter((u) => u.username !== ''),
    staleTime: USERS_STALE_MS,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/** Symbols with listed options (GET /data/symbol_with_options answers a plain list of symbols). */
export function useOptionable() {
  return useQuery<string[]>({
    queryKey: referenceKeys.optionable,
    queryFn: () => dataHost.get('/data/symbol_with_options', optionableSchema),
    staleTime: NAMES_STALE_MS,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

const nameMaps = new WeakMap<readonly StockName[], ReadonlyMap<string, string>>();

/** symbol → company name, built once per fetched list and shared by every caller. */
export function useStockNameMap(): ReadonlyMap<string, string> | undefined {
  const { data } = useStockNames();
  return useMemo(() => {
    if (!data) return undefined;
    let map = nameMaps.get(data);
    if (!map) {
      map = new Map(data.map((entry) => [entry.s, entry.n]));
      nameMaps.set(data, map);
    }
    return map;
  }, [data]);
}

const sectorMaps = new WeakMap<readonly StockName[], ReadonlyMap<string, number>>();

/** symbol → sector code, for the stream channels' industry filter. */
export function useSectorMap(): ReadonlyMap<string, number> | undefined {
  const { data } = useStockNames();
  return useMemo(() => {
    if (!data) return undefined;
    let map = sectorMaps.get(data);
    if (!map) {
      map = new Map(data.flatMap((entry) => (entry.c === undefined ? [] : [[entry.s, entry.c] as const])));
      sectorMaps.set(data, map);
    }
    return map;
  }, [data]);
}

const optionableSets = new WeakMap<readonly string[], ReadonlySet<string>>();

export function useOptionableSet(): ReadonlySet<string> {
  const { data } = useOptionable();
  return useMemo(() => {
    if (!data) return EMPTY;
    let set = optionableSets.get(data);
    if (!set) {
      set = new Set(data);
      optionableSets.set(data, set);
    }
    return set;
  }, [data]);
}
const EMPTY: ReadonlySet<string> = new Set();
