import { FilterRowFields } from './FilterRowFields.tsx';
import { canAddRow, columnChoices, newRow, type RowDraft } from './filterDraft.ts';
import { notificationsText as text } from './notificationsText.ts';
import './filterConditions.css';

interface FilterConditionsProps {
  rows: readonly RowDraft[];
  onChange: (rows: RowDraft[]) => void;
  /** The Discovery smart filter words its link 'Add row' (discovery spec §2). */
  addRowLabel?: string;
}

/**
 * The condition rows of a filter (one column each, what that column needs, Add row): the one
 * form piece the Filtered Alert modal and the Discovery smart-filter modal share.
 */
export function FilterConditions({ rows, onChange, addRowLabel = text.addRow }: FilterConditionsProps) {
  return (
    <fieldset className="filter-rows">
      <legend className="range-label">{text.conditions}</legend>
      <ol className="filter-row-list">
        {rows.map((row, i) => (
          <FilterRowFields
            key={row.id}
            row={row}
            n={i + 1}
            choices={columnChoices(rows, row.id)}
            onChange={(next) => onChange(rows.map((r) => (r.id === row.id ? next : r)))}
            onRemove={() => onChange(rows.filter((r) => r.id !== row.id))}
          />
        ))}
      </ol>
      <button
        type="button"
        className="btn btn-secondary btn-small"
        disabled={!canAddRow(rows)}
        onClick={() => onChange([...rows, newRow(rows)])}
      >
        {addRowLabel}
      </button>
    </fieldset>
  );
}
