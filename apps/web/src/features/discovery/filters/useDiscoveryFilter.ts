import { DEFAULT_FILTER_NAME, type DiscoverySettings, discoveryMessages } from '@tapeline/core';
import { useCallback, useMemo } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { useToast } from '../../../ui/toast.tsx';
import {
  filterNamed,
  type NamedFilter,
  useDiscoveryFilters,
  useSaveDiscoveryFilters,
} from './discoveryFiltersApi.ts';

// The 'temp-' filter the modal's Filter applied: never saved, so it lives in the page, shared by
// the picker (which lists it) and the table (which applies it) until another filter is chosen.
const tempStore = createStore<{ temp: NamedFilter | null }>(() => ({ temp: null }));
const setTemp = (temp: NamedFilter | null) => tempStore.setState({ temp });

/** The saved set with `filter` saved under its name (in place of `previous` when renaming), selected. */
export function withSaved(
  saved: DiscoverySettings,
  filter: NamedFilter,
  previous: string | null,
): DiscoverySettings {
  const { name, ...conditions } = filter;
  const entries = Object.entries(saved.filters);
  const at = previous === null ? -1 : entries.findIndex(([n]) => n === previous);
  if (at < 0) entries.push([name, conditions]);
  else entries.splice(at, 1, [name, conditions]);
  return { filters: Object.fromEntries(entries), selected: name };
}

/** The saved set without `name`; Default is selected again when it was the one selected. */
export function withoutFilter(saved: DiscoverySettings, name: string): DiscoverySettings {
  const filters = Object.fromEntries(Object.entries(saved.filters).filter(([n]) => n !== name));
  return { filters, selected: saved.selected === name ? DEFAULT_FILTER_NAME : saved.selected };
}

/**
 * The applied smart filter (null: Default) and the picker's actions. Every change to the saved
 * set goes to POST /api/settings/discovery; a failure says 'Failed to update discovery filters'
 * and puts the last saved set back.
 */
export function useDiscoveryFilter() {
  const toast = useToast();
  const { settings, isPending } = useDiscoveryFilters();
  const save = useSaveDiscoveryFilters();
  const temp = useStore(tempStore, (s) => s.temp);
  const active = useMemo(() => temp ?? filterNamed(settings, settings.selected), [temp, settings]);

  const store = useCallback(
    (next: DiscoverySettings) =>
      save.mutateAsync(next).then(
        () => true,
        () => {
          toast(discoveryMessages.filtersSaveFailed, { tone: 'error' });
          return false;
        },
      ),
    [save.mutateAsync, toast],
  );

  return {
    /** The filter the table applies: a saved one, a 'temp-' one, or null for Default. */
    active,
    /** The name the picker shows as chosen. */
    selected: temp?.name ?? settings.selected,
    temp,
    filters: settings.filters,
    loading: isPending,
    select: (name: string) => {
      if (temp?.name === name) return;
      setTemp(null);
      if (name !== settings.selected) void store({ ...settings, selected: name });
    },
    save: async (filter: NamedFilter, previous: string | null) => {
      const saved = await store(withSaved(settings, filter, previous));
      if (saved) setTemp(null);
      return saved;
    },
    remove: (name: string) => void store(withoutFilter(settings, name)),
    applyTemp: (filter: NamedFilter) => setTemp(filter),
    /** CLEAR FILTERS (§4): back to Default. */
    clear: () => {
      setTemp(null);
      if (settings.selected !== DEFAULT_FILTER_NAME)
        void store({ ...settings, selected: DEFAULT_FILTER_NAME });
    },
  };
}

/** Tests: forget the page's temp filter. */
export const resetTempFilter = () => setTemp(null);
