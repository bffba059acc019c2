import { parseCategory, RATE_RANGES, type RuleType } from '@tapeline/core';
import { z } from 'zod';
import { registered, registerFailure } from '../../lib/alerts/ruleToasts.ts';
import { useCreateAlert } from '../../lib/alerts/useAlerts.ts';
import { FormMessage } from '../../ui/FormMessage.tsx';
import { formRules } from '../../ui/form/formRules.ts';
import { useRuleForm } from '../../ui/form/useRuleForm.ts';
import { useToast } from '../../ui/toast.tsx';
import { notificationsText as text } from './notificationsText.ts';

/** A symbol as typed: its canonical form, or null when it is not one (a stream category is not). */
export function symbolOf(raw: string): string | null {
  const category = parseCategory(raw);
  return category?.kind === 'symbol' ? category.symbol : null;
}

const addSymbolForm = formRules({ symbol: z.string() }, ({ symbol }) =>
  symbol.trim() === '' || symbolOf(symbol) ? null : text.symbolInvalid(symbol.trim().toUpperCase()),
);

/** Adds a symbol to a section at the type's default rate (§9); its outcome is a §8 toast. */
export function AddRuleSymbol({
  type,
  section,
  locked,
}: {
  type: RuleType;
  section: string;
  locked: boolean;
}) {
  const toast = useToast();
  const create = useCreateAlert();
  const form = useRuleForm(addSymbolForm, { symbol: '' });
  const empty = form.watch('symbol').trim() === '';

  const submit = form.submit(({ symbol: raw }) => {
    const symbol = symbolOf(raw);
    if (!symbol) return;
    const body = { category: symbol, type, rate: RATE_RANGES[type].default };
    create.mutate(body, {
      onSuccess: () => {
        toast(registered(body), { tone: 'success' });
        form.reset({ symbol: '' });
      },
      onError: (error) => toast(registerFailure(body, error), { tone: 'error' }),
    });
  });

  return (
    <form className="add-rule" onSubmit={submit} noValidate>
      <input
        className="input"
        aria-label={text.addSymbolTo(section)}
        placeholder={text.symbol}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={16}
        disabled={locked}
        {...form.register('symbol')}
      />
      <button
        type="submit"
        className="btn btn-primary btn-small"
        disabled={locked || empty || create.isPending}
      >
        {text.addSymbol}
      </button>
      <FormMessage {...form.notice} />
    </form>
  );
}
