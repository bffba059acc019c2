import { useMutation } from '@tanstack/react-query';
import type { StreamChannelId } from '@tapeline/core';
import { z } from 'zod';
import { settingsApi } from '../../lib/settings/settingsApi.ts';
import { useSettingsStore } from '../../lib/settings/useSettings.tsx';
import { Field } from '../../ui/Field.tsx';
import { useRuleForm } from '../../ui/form/useRuleForm.ts';
import { Modal } from '../../ui/Modal.tsx';
import { InlineSpinner } from '../../ui/Spinner.tsx';
import { useToast } from '../../ui/toast.tsx';
import { channelOf, withCustomView } from './channelConfig.ts';
import { settingsMessages, settingsText } from './settingsText.ts';
import { checkNewSymbol } from './symbolList.ts';

const symbolForm = z.object({ symbol: z.string() });

interface AddSymbolModalProps {
  open: boolean;
  channelId: StreamChannelId;
  onClose: () => void;
}

export function AddSymbolModal({ open, channelId, onClose }: AddSymbolModalProps) {
  return (
    <Modal open={open} title={settingsText.addSymbol} onClose={onClose} testId="add-symbol-modal">
      {/* Inside the modal so every opening starts with an empty field. */}
      <AddSymbolForm channelId={channelId} onDone={onClose} />
    </Modal>
  );
}

/** One symbol, checked here for form and duplicates, then by the server for existence. */
function AddSymbolForm({ channelId, onDone }: { channelId: StreamChannelId; onDone: () => void }) {
  const store = useSettingsStore();
  const toast = useToast();
  // Its problems are toasts (spec §4), so the form itself has no rule.
  const form = useRuleForm(symbolForm, { symbol: '' });
  const listNow = () => channelOf(store.getSnapshot().config, channelId).value.custom_view;

  const add = useMutation({
    mutationFn: async (symbol: string) =>
      (await settingsApi.validateSymbols([symbol])).symbols.includes(symbol),
    onSuccess: (known, symbol) => {
      if (!known) {
        toast(settingsMessages.symbolInvalid(symbol), { tone: 'error' });
        return;
      }
      store.updateConfig((config) => {
        const list = channelOf(config, channelId).value.custom_view;
        return list.includes(symbol) ? config : withCustomView(config, channelId, [...list, symbol]);
      });
      onDone();
    },
    onError: () => toast(settingsMessages.addFailed, { tone: 'error' }),
  });

  const submit = form.submit(({ symbol }) => {
    const check = checkNewSymbol(symbol, listNow());
    if (check.kind === 'rejected') toast(check.message, { tone: 'error' });
    else if (check.kind === 'ok') add.mutate(check.symbol);
  });

  const empty = form.watch('symbol').trim() === '';
  return (
    <form className="form" onSubmit={submit}>
      <Field
        label={settingsText.symbol}
        {...form.register('symbol')}
        autoFocus
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={16}
      />
      <div className="actions modal-actions">
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          {settingsText.cancel}
        </button>
        <button type="submit" className="btn btn-primary" disabled={add.isPending || empty}>
          {add.isPending ? <InlineSpinner /> : null}
          {settingsText.add}
        </button>
      </div>
    </form>
  );
}
