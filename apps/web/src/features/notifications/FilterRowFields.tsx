import type { FilterColumn, TrendDirection } from '@tapeline/core';
import { TREND_DIRECTIONS } from '@tapeline/core';
import { columnKind, newRow, type RowDraft, type SqueezeDraft, squeezeAllowed } from './filterDraft.ts';
import { notificationsText as text } from './notificationsText.ts';

interface FilterRowFieldsProps {
  row: RowDraft;
  /** 1-based, for the labels of its fields. */
  n: number;
  choices: readonly FilterColumn[];
  onChange: (row: RowDraft) => void;
  onRemove: () => void;
}

/** One condition: a column, then what that column needs (range, value, squeeze options or direction). */
export function FilterRowFields({ row, n, choices, onChange, onRemove }: FilterRowFieldsProps) {
  const set = (change: Partial<RowDraft>) => onChange({ ...row, ...change });
  // A new column starts blank: values typed for another column do not carry over.
  const pick = (column: FilterColumn | '') => onChange({ ...newRow([]), id: row.id, column });
  const label = row.column === '' ? `${text.column} ${n}` : text.columns[row.column];

  return (
    <li className="filter-row" data-column={row.column || undefined}>
      <select
        className="select"
        aria-label={`${text.column} ${n}`}
        value={row.column}
        onChange={(event) => pick(event.target.value as FilterColumn | '')}
      >
        <option value="">{text.chooseColumn}</option>
        {choices.map((c) => (
          <option key={c} value={c}>
            {text.columns[c]}
          </option>
        ))}
      </select>
      <div className="filter-row-values">
        {row.column === '' ? null : (
          <RowValues row={row} label={label} kind={columnKind(row.column)} set={set} />
        )}
      </div>
      <button
        type="button"
        className="btn btn-ghost btn-small"
        aria-label={text.removeRow(n)}
        onClick={onRemove}
      >
        ×
      </button>
    </li>
  );
}

interface RowValuesProps {
  row: RowDraft;
  label: string;
  kind: ReturnType<typeof columnKind>;
  set: (change: Partial<RowDraft>) => void;
}

function NumberInput({
  label,
  value,
  onChange,
  onBlur,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  onBlur?: () => void;
}) {
  return (
    <input
      className="input input-number"
      type="number"
      step="any"
      aria-label={label}
      placeholder={label.split(' ').at(-1)}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
    />
  );
}

function RowValues({ row, label, kind, set }: RowValuesProps) {
  if (kind === 'range') {
    return (
      <>
        <NumberInput label={`${label} ${text.minimum}`} value={row.min} onChange={(min) => set({ min })} />
        <NumberInput label={`${label} ${text.maximum}`} value={row.max} onChange={(max) => set({ max })} />
      </>
    );
  }
  if (kind === 'single') {
    return (
      <span className="filter-single" title={text.valueHint}>
        <NumberInput label={`${label} ${text.value}`} value={row.min} onChange={(min) => set({ min })} />
      </span>
    );
  }
  if (kind === 'trend') {
    return (
      <select
        className="select"
        aria-label={`${label} ${text.direction}`}
        value={row.direction}
        onChange={(event) => set({ direction: event.target.value as TrendDirection })}
      >
        {TREND_DIRECTIONS.map((d) => (
          <option key={d} value={d}>
            {text.directions[d]}
          </option>
        ))}
      </select>
    );
  }
  return <SqueezeFields squeeze={row.squeeze} onChange={(squeeze) => set({ squeeze })} />;
}

/**
 * PRE (default 7) and POST (default −2, −5…−1) exclude each other; NOW stands alone (§4). A POST
 * out of range is not clamped silently: submitting names §5's rule.
 */
function SqueezeFields({
  squeeze,
  onChange,
}: {
  squeeze: SqueezeDraft;
  onChange: (s: SqueezeDraft) => void;
}) {
  const allowed = squeezeAllowed(squeeze);
  const set = (change: Partial<SqueezeDraft>) => onChange({ ...squeeze, ...change });
  return (
    <div className="squeeze-options">
      <label className="squeeze-option">
        <input
          type="checkbox"
          checked={squeeze.pre}
          disabled={!allowed.pre}
          onChange={(e) => set({ pre: e.target.checked })}
        />
        {text.squeeze.PRE}
      </label>
      {squeeze.pre ? (
        <NumberInput
          label={text.squeezeValue(text.squeeze.PRE)}
          value={squeeze.preValue}
          onChange={(preValue) => set({ preValue })}
        />
      ) : null}
      <label className="squeeze-option">
        <input
          type="checkbox"
          checked={squeeze.now}
          disabled={!allowed.now}
          onChange={(e) => set({ now: e.target.checked })}
        />
        {text.squeeze.NOW}
      </label>
      <label className="squeeze-option">
        <input
          type="checkbox"
          checked={squeeze.post}
          disabled={!allowed.post}
          onChange={(e) => set({ post: e.target.checked })}
        />
        {text.squeeze.POST}
      </label>
      {squeeze.post ? (
        <NumberInput
          label={text.squeezeValue(text.squeeze.POST)}
          value={squeeze.postValue}
          onChange={(postValue) => set({ postValue })}
        />
      ) : null}
    </div>
  );
}
