import { QUOTES_MAX } from '@tapeline/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { CsvImportButton } from '../../ui/CsvImportButton.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { SymbolChip } from '../../ui/SymbolChip.tsx';
import { isWideList, useSymbolsCsv } from '../settings/index.ts';
import { draftAdd } from './quoteRules.ts';
import { quotesText } from './quotesText.ts';
import { useQuoteSave } from './useQuoteSave.ts';

interface EditQuoteModalProps {
  open: boolean;
  saved: readonly string[];
  onClose(): void;
}

/** Edit Quote (spec §2): the saved list to remove from, symbols to add (typed or imported), Save. */
export function EditQuoteModal({ open, saved, onClose }: EditQuoteModalProps) {
  // The draft lives in the form, which mounts with the modal: every opening starts clean.
  const [wide, setWide] = useState(false);
  return (
    <Modal
      open={open}
      title={quotesText.edit}
      onClose={onClose}
      testId="edit-quote-modal"
      className={wide ? 'modal-wide' : undefined}
    >
      <EditQuoteForm saved={saved} onClose={onClose} onSize={setWide} />
    </Modal>
  );
}

const COMMIT_KEYS = new Set(['Enter', ' ', ',']);

function EditQuoteForm({
  saved,
  onClose,
  onSize,
}: Omit<EditQuoteModalProps, 'open'> & { onSize(wide: boolean): void }) {
  const [removed, setRemoved] = useState<readonly string[]>([]);
  const [added, setAdded] = useState<readonly string[]>([]);
  const [text, setText] = useState('');
  const { save, saving } = useQuoteSave();

  // The modal widens past 100 listed symbols (only an import gets there).
  const listed = useRef<readonly string[]>([]);
  listed.current = [...saved.filter((s) => !removed.includes(s)), ...added];
  const wide = isWideList([...saved, ...added]);
  useEffect(() => {
    onSize(wide);
    return () => onSize(false);
  }, [wide, onSize]);

  const addSymbols = useCallback(
    (symbols: string[]) => setAdded((current) => draftAdd(current, symbols.join(' '))),
    [],
  );
  const csv = useSymbolsCsv(() => listed.current, addSymbols);

  const commit = (raw: string) => {
    setAdded((current) => draftAdd(current, raw));
    setText('');
  };
  const toggleRemoved = (symbol: string) =>
    setRemoved((current) =>
      current.includes(symbol) ? current.filter((s) => s !== symbol) : [...current, symbol],
    );

  return (
    <div className="quote-edit">
      <div className="quote-edit__head">
        <span className="muted" data-testid="quote-edit-count">
          {quotesText.count(listed.current.length, QUOTES_MAX)}
        </span>
        <CsvImportButton onFile={(file) => void csv.importFile(file)} busy={csv.busy} />
      </div>
      <h3 className="quote-edit__title">{quotesText.saved}</h3>
      {saved.length === 0 ? (
        <p className="muted">{quotesText.noneSaved}</p>
      ) : (
        <ul className="symbol-chips quote-chips" aria-label={quotesText.saved}>
          {saved.map((symbol) => {
            const gone = removed.includes(symbol);
            return (
              <SymbolChip
                key={symbol}
                symbol={symbol}
                className={gone ? 'is-removed' : undefined}
                glyph={gone ? '↺' : '×'}
                label={gone ? quotesText.restoreChip(symbol) : quotesText.removeChip(symbol)}
                onClick={() => toggleRemoved(symbol)}
              />
            );
          })}
        </ul>
      )}
      <h3 className="quote-edit__title">{quotesText.adding}</h3>
      {added.length > 0 ? (
        <ul className="symbol-chips quote-chips" aria-label={quotesText.adding}>
          {added.map((symbol) => (
            <SymbolChip
              key={symbol}
              symbol={symbol}
              className="is-added"
              label={quotesText.dropAdded(symbol)}
              onClick={() => setAdded((current) => current.filter((s) => s !== symbol))}
            />
          ))}
        </ul>
      ) : null}
      <input
        className="quote-edit__field"
        aria-label={quotesText.addField}
        placeholder={quotesText.addHint}
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        value={text}
        onChange={(event) => {
          const value = event.target.value.toUpperCase();
          // A paste, or a phone keyboard that sends no key events: commit at each separator.
          if (/[\s,]/.test(value)) commit(value);
          else setText(value);
        }}
        onKeyDown={(event) => {
          if (!COMMIT_KEYS.has(event.key)) return;
          event.preventDefault();
          commit(text);
        }}
      />
      <div className="actions modal-actions">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {quotesText.cancel}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={saving}
          onClick={async () => {
            const all = draftAdd(added, text);
            setAdded(all);
            setText('');
            if (await save(saved, removed, all)) onClose();
          }}
        >
          {quotesText.save}
        </button>
      </div>
      <ConfirmDialog
        open={csv.question !== null}
        message={csv.question ?? ''}
        onCancel={csv.cancel}
        onConfirm={csv.proceed}
        confirmLabel={quotesText.yes}
        cancelLabel={quotesText.no}
      />
    </div>
  );
}
