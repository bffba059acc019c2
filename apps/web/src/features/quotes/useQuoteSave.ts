import { useQueryClient } from '@tanstack/react-query';
import { invalidOrDuplicated } from '@tapeline/core';
import { useCallback, useState } from 'react';
import { failureOf } from '../../lib/api.ts';
import { quotesApi, setQuotes } from '../../lib/quotesApi.ts';
import { useToast } from '../../ui/toast.tsx';
import { planSave } from './quoteRules.ts';
import { QUOTE_TOASTS } from './quotesText.ts';
import { updateFailed } from './useQuoteActions.ts';

/** The toast for a failed save (spec §8): over the limit, or 'Failed to update quotes!' with why. */
function saveFailure(error: unknown): string {
  const failure = failureOf(error);
  const code = failure.kind === 'api' ? failure.code : '';
  if (code === 'overflow') return QUOTE_TOASTS.overLimit;
  return updateFailed(code === 'empty_symbol' ? QUOTE_TOASTS.emptySymbol : QUOTE_TOASTS.somethingWrong);
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((s, i) => s === b[i]);

/**
 * Edit Quote's Save: the client's own checks first (nothing changed, over 75), then one
 * POST with the adds and deletes; the server's invalids and duplicates are reported, the list
 * it answers replaces the shared one. Resolves true when the modal may close.
 */
export function useQuoteSave() {
  const client = useQueryClient();
  const toast = useToast();
  const [saving, setSaving] = useState(false);

  const save = useCallback(
    async (saved: readonly string[], removed: readonly string[], added: readonly string[]) => {
      const plan = planSave(saved, removed, added);
      if (plan.kind === 'message') {
        toast(plan.message, { tone: 'error' });
        return false;
      }
      setSaving(true);
      try {
        const answer = await quotesApi.edit(plan.body);
        setQuotes(client, answer.data);
        const skipped = invalidOrDuplicated(answer.invalids, answer.duplicates);
        if (skipped) toast(skipped, { tone: 'error' });
        const now = answer.data.map((q) => q.symbol);
        if (!sameList(now, saved)) toast(QUOTE_TOASTS.updated, { tone: 'success' });
        return true;
      } catch (error) {
        toast(saveFailure(error), { tone: 'error' });
        return false;
      } finally {
        setSaving(false);
      }
    },
    [client, toast],
  );

  return { save, saving };
}
