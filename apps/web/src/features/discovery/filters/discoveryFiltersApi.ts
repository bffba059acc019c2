import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_FILTER_NAME,
  type DiscoverySettings,
  defaultDiscoverySettings,
  parseDiscoverySettings,
  type SmartFilter,
  settingsResponseSchema,
  successResponseSchema,
} from '@tapeline/core';
import { api } from '../../../lib/authApi.ts';

// The Discovery smart filters as saved (discovery spec §3 Table filter, §7): GET /api/settings
// carries them as the `discovery` JSON text, POST /api/settings/discovery saves them whole.

export const DISCOVERY_FILTERS_PATHS = {
  all: '/api/settings',
  save: '/api/settings/discovery',
} as const;

/** A filter with its name: what the table applies, and what the picker lists. */
export interface NamedFilter extends SmartFilter {
  name: string;
}

/** The filter a name selects, or null for Default (and for a name no longer saved). */
export function filterNamed(saved: DiscoverySettings, name: string): NamedFilter | null {
  const filter = Object.hasOwn(saved.filters, name) ? saved.filters[name] : undefined;
  return name === DEFAULT_FILTER_NAME || !filter ? null : { name, ...filter };
}

export const discoveryFiltersApi = {
  async load(): Promise<DiscoverySettings> {
    const answer = await api.request('GET', DISCOVERY_FILTERS_PATHS.all, settingsResponseSchema);
    const { settings, valid } = parseDiscoverySettings(answer.discovery);
    // Unreadable (the older column list, a hand edit): §4 writes the defaults back.
    if (!valid) void discoveryFiltersApi.save(settings).catch(() => undefined);
    return settings;
  },
  save: (discovery: DiscoverySettings) =>
    api.request('POST', DISCOVERY_FILTERS_PATHS.save, successResponseSchema, { discovery }),
};

export const DISCOVERY_FILTERS_KEY = ['discoveryFilters'] as const;
const EMPTY = defaultDiscoverySettings();

/** The saved filters and selection; the default set until (or unless) they load. */
export function useDiscoveryFilters() {
  const query = useQuery({ queryKey: DISCOVERY_FILTERS_KEY, queryFn: discoveryFiltersApi.load });
  return { ...query, settings: query.data ?? EMPTY };
}

/**
 * Saves the whole set. The cache takes the new set at once (the table filters without waiting);
 * a failed save puts the last saved set back and rejects, for the caller's §8 toast.
 */
export function useSaveDiscoveryFilters() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: discoveryFiltersApi.save,
    onMutate: (next) => {
      const before = client.getQueryData<DiscoverySettings>(DISCOVERY_FILTERS_KEY);
      client.setQueryData(DISCOVERY_FILTERS_KEY, next);
      return { before };
    },
    onError: (_error, _next, context) => {
      if (context?.before) client.setQueryData(DISCOVERY_FILTERS_KEY, context.before);
    },
  });
}
