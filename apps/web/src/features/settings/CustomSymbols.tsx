import type { StreamChannel } from '@tapeline/core';
import { useState } from 'react';
import { useSettingsStore } from '../../lib/settings/useSettings.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { CsvImportButton } from '../../ui/CsvImportButton.tsx';
import { AddSymbolModal } from './AddSymbolModal.tsx';
import { withCustomView } from './channelConfig.ts';
import { EditSymbolsModal } from './EditSymbolsModal.tsx';
import { settingsText } from './settingsText.ts';
import { useCsvImport } from './useCsvImport.ts';

/** The custom channel's symbol list: add one, remove some, or import a CSV file. */
export function CustomSymbols({ channel }: { channel: StreamChannel }) {
  const store = useSettingsStore();
  const id = channel.channel;
  const list = channel.value.custom_view;
  const [modal, setModal] = useState<'add' | 'edit' | null>(null);
  const csv = useCsvImport(id);
  const close = () => setModal(null);

  return (
    <div className="custom-symbols">
      <div className="custom-symbols-head">
        <h3 className="settings-subtitle">
          {settingsText.symbols} <span className="muted">({list.length})</span>
        </h3>
        <div className="custom-symbols-actions">
          <button type="button" className="btn btn-primary" onClick={() => setModal('add')}>
            {settingsText.addSymbol}
          </button>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={list.length === 0}
            onClick={() => setModal('edit')}
          >
            {settingsText.editSymbols}
          </button>
          <CsvImportButton onFile={(file) => void csv.importFile(file)} busy={csv.busy} />
        </div>
      </div>
      {list.length > 0 ? (
        <ul className="symbol-chips" aria-label={settingsText.symbols} data-testid="custom-symbols">
          {list.map((symbol) => (
            <li key={symbol} className="symbol-chip">
              {symbol}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{settingsText.noSymbols}</p>
      )}
      <AddSymbolModal open={modal === 'add'} channelId={id} onClose={close} />
      <EditSymbolsModal
        open={modal === 'edit'}
        symbols={list}
        onClose={close}
        onSave={(symbols) => store.updateConfig((c) => withCustomView(c, id, symbols))}
      />
      <ConfirmDialog
        open={csv.question !== null}
        message={csv.question ?? ''}
        confirmLabel={settingsText.yes}
        cancelLabel={settingsText.no}
        onConfirm={csv.proceed}
        onCancel={csv.cancel}
      />
    </div>
  );
}
