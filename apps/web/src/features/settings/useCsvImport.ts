import { CUSTOM_LIST_MAX, type StreamChannelId } from '@tapeline/core';
import { useCallback } from 'react';
import { useSettingsStore } from '../../lib/settings/useSettings.tsx';
import { useToast } from '../../ui/toast.tsx';
import { channelOf, withCustomView } from './channelConfig.ts';
import { mergeSymbols } from './csvImport.ts';
import { settingsText } from './settingsText.ts';
import { useSymbolsCsv } from './useSymbolsCsv.ts';

/** Spec §5 CSV import into a channel's custom list, with the question when some lines fail. */
export function useCsvImport(id: StreamChannelId) {
  const store = useSettingsStore();
  const toast = useToast();

  const listed = useCallback(() => channelOf(store.getSnapshot().config, id).value.custom_view, [store, id]);
  const add = useCallback(
    (symbols: readonly string[]) => {
      let dropped = 0;
      store.updateConfig((config) => {
        const merged = mergeSymbols(channelOf(config, id).value.custom_view, symbols);
        dropped = merged.dropped;
        return withCustomView(config, id, merged.list);
      });
      if (dropped > 0) toast(settingsText.listFull(CUSTOM_LIST_MAX), { tone: 'info' });
    },
    [store, toast, id],
  );

  return useSymbolsCsv(listed, add);
}
