import type { StreamChannelId } from '@tapeline/core';
import { type FormEvent, useState } from 'react';
import { settingsApi } from '../../lib/settings/settingsApi.ts';
import { useSettingsStore } from '../../lib/settings/useSettings.tsx';
import { Field } from '../../ui/Field.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { InlineSpinner } from '../../ui/Spinner.tsx';
import { useToast } from '../../ui/toast.tsx';
import { channelOf, withCustomView } from './channelConfig.ts';
import { settingsMessages, settingsText } from './settingsText.ts';
import { checkNewSymbol } from './symbolList.ts';

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
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const listNow = () => channelOf(store.getSnapshot().config, channelId).value.custom_view;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = checkNewSymbol(text, listNow());
    if (check.kind === 'empty') return;
    if (check.kind === 'rejected') {
      toast(check.message, { tone: 'error' });
      return;
    }
    setBusy(true);
    try {
      const { symbols } = await settingsApi.validateSymbols([check.symbol]);
      if (!symbols.includes(check.symbol)) {
        toast(settingsMessages.symbolInvalid(check.symbol), { tone: 'error' });
        return;
      }
      store.updateConfig((config) => {
        const list = channelOf(config, channelId).value.custom_view;
        return list.includes(check.symbol)
          ? config
          : withCustomView(config, channelId, [...list, check.symbol]);
      });
      onDone();
    } catch {
      toast(settingsMessages.addFailed, { tone: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form" onSubmit={submit}>
      <Field
        label={settingsText.symbol}
        value={text}
        onChange={setText}
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
        <button type="submit" className="btn btn-primary" disabled={busy || text.trim() === ''}>
          {busy ? <InlineSpinner /> : null}
          {settingsText.add}
        </button>
      </div>
    </form>
  );
}
