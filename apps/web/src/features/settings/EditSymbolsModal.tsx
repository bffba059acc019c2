import { useState } from 'react';
import { Modal } from '../../ui/Modal.tsx';
import { SymbolChip } from '../../ui/SymbolChip.tsx';
import { settingsText } from './settingsText.ts';
import { isWideList, withoutSymbols } from './symbolList.ts';

interface EditSymbolsModalProps {
  open: boolean;
  symbols: readonly string[];
  onClose: () => void;
  onSave: (symbols: string[]) => void;
}

/** Removes symbols from a custom list; nothing changes until Save. Wider past 100 symbols. */
export function EditSymbolsModal({ open, symbols, onClose, onSave }: EditSymbolsModalProps) {
  return (
    <Modal
      open={open}
      title={settingsText.editSymbols}
      onClose={onClose}
      testId="edit-symbols-modal"
      className={isWideList(symbols) ? 'modal-symbols modal-wide' : 'modal-symbols'}
    >
      <EditSymbolsForm symbols={symbols} onClose={onClose} onSave={onSave} />
    </Modal>
  );
}

function EditSymbolsForm({ symbols, onClose, onSave }: Omit<EditSymbolsModalProps, 'open'>) {
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const kept = withoutSymbols(symbols, removed);

  return (
    <div className="edit-symbols">
      <div className="edit-symbols-head">
        <span className="muted">
          {kept.length} / {symbols.length}
        </span>
        <button
          type="button"
          className="btn-link"
          disabled={kept.length === 0}
          onClick={() => setRemoved(new Set(symbols))}
        >
          {settingsText.removeAll}
        </button>
      </div>
      {kept.length > 0 ? (
        <ul className="symbol-chips symbol-chips-edit" aria-label={settingsText.symbols}>
          {kept.map((symbol) => (
            <SymbolChip
              key={symbol}
              symbol={symbol}
              label={settingsText.remove(symbol)}
              onClick={() => setRemoved((current) => new Set(current).add(symbol))}
            />
          ))}
        </ul>
      ) : (
        <p className="muted">{settingsText.noSymbols}</p>
      )}
      <div className="actions modal-actions">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {settingsText.cancel}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            onSave(kept);
            onClose();
          }}
        >
          {settingsText.save}
        </button>
      </div>
    </div>
  );
}
