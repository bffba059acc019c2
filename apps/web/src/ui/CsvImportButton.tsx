import { useId } from 'react';
import { InlineSpinner } from './Spinner.tsx';
import { settingControlText } from './settingControlText.ts';

/** A button-looking label over a hidden file input; the chosen file goes to `onFile`. */
export function CsvImportButton({ onFile, busy }: { onFile: (file: File) => void; busy: boolean }) {
  const id = useId();
  return (
    <span className="file-button">
      <input
        id={id}
        type="file"
        accept=".csv,text/csv"
        className="visually-hidden"
        disabled={busy}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so choosing the same file again still reports a change.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      <label htmlFor={id} className={busy ? 'btn btn-secondary is-busy' : 'btn btn-secondary'}>
        {busy ? <InlineSpinner /> : null}
        {settingControlText.importCsv}
      </label>
    </span>
  );
}
