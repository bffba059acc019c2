import { DEFAULT_FILTER_NAME, isTempFilterName, type SmartFilter, TEMP_FILTER_PREFIX } from '@tapeline/core';
import { useCallback, useRef, useState } from 'react';
import { useDismiss } from '../../../ui/useDismiss.ts';
import type { NamedFilter } from './discoveryFiltersApi.ts';
import { filtersText as text } from './filtersText.ts';
import { SmartFilterModal } from './SmartFilterModal.tsx';
import './filters.css';
import { Pencil } from '../../../ui/icons.ts';

export interface FilterPickerProps {
  /** The saved filters, in the order they were added. */
  filters: Readonly<Record<string, SmartFilter>>;
  /** The applied filter's name: Default, a saved name, or a 'temp-' one. */
  selected: string;
  /** The applied 'temp-' filter, listed after the saved ones until another is chosen. */
  temp?: NamedFilter | null;
  onSelect: (name: string) => void;
  /** Save & Filter (previous null) or Update; resolves false when the save failed. */
  onSave: (filter: NamedFilter, previous: string | null) => Promise<boolean>;
  onDelete: (name: string) => void;
  /** The modal's Filter: apply a 'temp-' filter without saving. */
  onApply: (filter: NamedFilter) => void;
  /** Pro Plus only: "Create alert from this filter". */
  onCreateAlert?: (filter: NamedFilter) => void;
  /** Pro Plus only: "Backtest" the modal's conditions. */
  onBacktest?: (filter: NamedFilter) => void;
}

type ModalState = { editing: NamedFilter | null } | null;

/** A name as the trader reads it: an unsaved filter without its internal 'temp-' prefix. */
const shownName = (name: string) =>
  isTempFilterName(name) ? text.unsaved(name.slice(TEMP_FILTER_PREFIX.length)) : name;

/**
 * Discovery spec §4 filter picker: Default first, then the saved filters (pencil to edit and
 * delete on each; Default has neither), then Add New. Choosing one applies it.
 */
export function FilterPicker({
  filters,
  selected,
  temp,
  onSelect,
  onSave,
  onDelete,
  onApply,
  onCreateAlert,
  onBacktest,
}: FilterPickerProps) {
  const [expanded, setExpanded] = useState(false);
  const [modal, setModal] = useState<ModalState>(null);
  const ref = useRef<HTMLDivElement>(null);
  const names = [DEFAULT_FILTER_NAME, ...Object.keys(filters), ...(temp ? [temp.name] : [])];
  const close = useCallback(() => setExpanded(false), []);

  const choose = (name: string) => {
    setExpanded(false);
    if (name !== selected) onSelect(name);
  };
  const open = (editing: NamedFilter | null) => {
    setExpanded(false);
    setModal({ editing });
  };

  return (
    <div className="filter-picker" ref={ref}>
      <button
        type="button"
        className="btn btn-secondary filter-picker__toggle"
        aria-expanded={expanded}
        aria-label={`${text.pickerLabel}: ${shownName(selected)}`}
        onClick={() => setExpanded((e) => !e)}
      >
        {shownName(selected)}
      </button>
      {expanded ? (
        <PickerMenu
          anchor={ref}
          names={names}
          selected={selected}
          editable={(name) => Object.hasOwn(filters, name)}
          onClose={close}
          onChoose={choose}
          onEdit={(name) => open({ name, ...(filters[name] as SmartFilter) })}
          onDelete={(name) => {
            setExpanded(false);
            onDelete(name);
          }}
          onAdd={() => open(null)}
        />
      ) : null}
      <SmartFilterModal
        open={modal !== null}
        editing={modal?.editing ?? null}
        savedNames={Object.keys(filters)}
        onApply={onApply}
        onSave={onSave}
        onCreateAlert={
          onCreateAlert
            ? (filter) => {
                setModal(null);
                onCreateAlert(filter);
              }
            : undefined
        }
        onBacktest={onBacktest}
        onClose={() => setModal(null)}
      />
    </div>
  );
}

interface PickerMenuProps {
  anchor: React.RefObject<HTMLDivElement | null>;
  names: readonly string[];
  selected: string;
  editable: (name: string) => boolean;
  onClose: () => void;
  onChoose: (name: string) => void;
  onEdit: (name: string) => void;
  onDelete: (name: string) => void;
  onAdd: () => void;
}

function PickerMenu({
  anchor,
  names,
  selected,
  editable,
  onClose,
  onChoose,
  onEdit,
  onDelete,
  onAdd,
}: PickerMenuProps) {
  // A press outside the picker (its toggle included) or Escape closes the list.
  useDismiss(anchor, onClose, { anchored: true });
  return (
    <div className="filter-picker__menu">
      <ul className="filter-picker__list" aria-label={text.pickerMenu}>
        {names.map((name) => (
          <li key={name} className="filter-picker__item" data-filter={name}>
            <button
              type="button"
              className="filter-picker__choose"
              aria-pressed={name === selected}
              onClick={() => onChoose(name)}
            >
              {shownName(name)}
            </button>
            {editable(name) ? (
              <>
                <button
                  type="button"
                  className="filter-picker__icon"
                  aria-label={text.editOf(name)}
                  onClick={() => onEdit(name)}
                >
                  <Pencil size={12} aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className="filter-picker__icon"
                  aria-label={text.deleteOf(name)}
                  onClick={() => onDelete(name)}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      <button type="button" className="filter-picker__add" onClick={onAdd}>
        {text.addNew}
      </button>
    </div>
  );
}
