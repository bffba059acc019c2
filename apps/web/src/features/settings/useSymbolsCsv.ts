import { useCallback, useState } from 'react';
import { settingsApi } from '../../lib/settings/settingsApi.ts';
import { useToast } from '../../ui/toast.tsx';
import { isCsvFile, parseSymbolsCsv, planImport, symbolsToValidate } from './csvImport.ts';
import { settingsMessages } from './settingsText.ts';
import { validateInChunks } from './symbolValidation.ts';

interface Pending {
  question: string;
  add: string[];
  duplicates: string[];
}

/**
 * Spec §5 CSV import of symbols into some list, shared by the settings custom list and the
 * Edit Quote draft: file type, nothing valid, 'N of M symbols are valid. Do you want to
 * proceed?' (the returned question until proceed/cancel), already listed. `listed` is read
 * after validation, not when the file was picked: the list may have changed meanwhile.
 * `onAdd` receives the symbols to add, never an empty list.
 */
export function useSymbolsCsv(listed: () => readonly string[], onAdd: (symbols: string[]) => void) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);

  const apply = useCallback(
    (add: string[], duplicates: readonly string[]) => {
      if (duplicates.length > 0) toast(settingsMessages.alreadyImported(duplicates), { tone: 'error' });
      if (add.length > 0) onAdd(add);
    },
    [toast, onAdd],
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
        const plan = planImport(parsed, valid, listed());
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
    [toast, listed, apply],
  );

  const proceed = useCallback(() => {
    if (pending) apply(pending.add, pending.duplicates);
    setPending(null);
  }, [pending, apply]);
  const cancel = useCallback(() => setPending(null), []);

  return { busy, question: pending?.question ?? null, importFile, proceed, cancel };
}
