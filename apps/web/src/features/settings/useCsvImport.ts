import { CUSTOM_LIST_MAX, type StreamChannelId } from '@tapeline/core';
import { useCallback, useState } from 'react';
import { settingsApi } from '../../lib/settings/settingsApi.ts';
import { useSettingsStore } from '../../lib/settings/useSettings.tsx';
import { useToast } from '../../ui/toast.tsx';
import { channelOf, withCustomView } from './channelConfig.ts';
import { isCsvFile, mergeSymbols, parseSymbolsCsv, planImport, symbolsToValidate } from './csvImport.ts';
import { settingsMessages, settingsText } from './settingsText.ts';
import { validateInChunks } from './symbolValidation.ts';

interface Pending {
  question: string;
  add: string[];
  duplicates: string[];
}

/** Spec §5 CSV import into a channel's custom list, with the question when some lines fail. */
export function useCsvImport(id: StreamChannelId) {
  const store = useSettingsStore();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);

  const apply = useCallback(
    (add: readonly string[], duplicates: readonly string[]) => {
      if (duplicates.length > 0) toast(settingsMessages.alreadyImported(duplicates), { tone: 'error' });
      if (add.length === 0) return;
      let dropped = 0;
      store.updateConfig((config) => {
        const merged = mergeSymbols(channelOf(config, id).value.custom_view, add);
        dropped = merged.dropped;
        return withCustomView(config, id, merged.list);
      });
      if (dropped > 0) toast(settingsText.listFull(CUSTOM_LIST_MAX), { tone: 'info' });
    },
    [store, toast, id],
  );

  const importFile = useCallback(
    async (file: File) => {
      if (!isCsvFile(file.name)) {
        toast(settingsMessages.fileTypeInvalid, { tone: 'error' });
        return;
      }
      setBusy(true);
      try {
        const parsed = parseSymbolsCsv(await file.text());
        const valid = await validateInChunks(symbolsToValidate(parsed), settingsApi.validateSymbols);
        // Read the list now, not when the file was picked: it may have changed meanwhile.
        const existing = channelOf(store.getSnapshot().config, id).value.custom_view;
        const plan = planImport(parsed, valid, existing);
        if (plan.kind === 'rejected') toast(plan.message, { tone: 'error' });
        else if (plan.confirm)
          setPending({ question: plan.confirm, add: plan.add, duplicates: plan.duplicates });
        else apply(plan.add, plan.duplicates);
      } catch {
        toast(settingsMessages.importFailed, { tone: 'error' });
      } finally {
        setBusy(false);
      }
    },
    [store, toast, id, apply],
  );

  const proceed = useCallback(() => {
    if (pending) apply(pending.add, pending.duplicates);
    setPending(null);
  }, [pending, apply]);

  const cancel = useCallback(() => setPending(null), []);

  return { busy, question: pending?.question ?? null, importFile, proceed, cancel };
}
