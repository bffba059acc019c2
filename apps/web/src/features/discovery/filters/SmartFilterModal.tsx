import { discoveryMessages } from '@tapeline/core';
import { useMemo, useRef, useState } from 'react';
import { Field } from '../../../ui/Field.tsx';
import { FormMessage } from '../../../ui/FormMessage.tsx';
import { formRules } from '../../../ui/form/formRules.ts';
import { useRuleForm } from '../../../ui/form/useRuleForm.ts';
import { Modal } from '../../../ui/Modal.tsx';
import { InlineSpinner } from '../../../ui/Spinner.tsx';
import { FilterConditions, type FilterDraft, filterDraftShape } from '../../notifications/index.ts';
import type { NamedFilter } from './discoveryFiltersApi.ts';
import { filtersText as text } from './filtersText.ts';
import {
  clearedDraft,
  type SmartFilterAction,
  smartDraftOf,
  smartFilterOf,
  smartFilterProblem,
  tempNameOf,
} from './smartFilterDraft.ts';
import './filters.css';

export interface SmartFilterModalProps {
  open: boolean;
  /** The saved filter edited (edit mode), or null (add mode). */
  editing: NamedFilter | null;
  /** Every saved filter's name: a new or renamed filter must differ from the others (§5). */
  savedNames: readonly string[];
  /** Filter: apply the conditions under a 'temp-' name, saving nothing. */
  onApply: (filter: NamedFilter) => void;
  /**
   * Save & Filter (previous null) or Update (previous = the edited name): save and apply;
   * resolves false when the save failed (the caller has said so), keeping the modal open.
   */
  onSave: (filter: NamedFilter, previous: string | null) => Promise<boolean>;
  /** Pro Plus: "Create alert from this filter" (absent: the action is not offered). */
  onCreateAlert?: (filter: NamedFilter) => void;
  /** Pro Plus: "Backtest" the conditions over recorded sessions (absent: not offered). */
  onBacktest?: (filter: NamedFilter) => void;
  onClose: () => void;
}

/** Discovery spec §2 smart-filter modal: name, condition rows, all/any, Clear / Filter / Save & Filter / Update. */
export function SmartFilterModal(props: SmartFilterModalProps) {
  const { open, editing, onClose } = props;
  return (
    <Modal
      open={open}
      title={editing ? text.modalEdit : text.modalAdd}
      onClose={onClose}
      testId="smart-filter-modal"
      className="modal-wide smart-filter"
    >
      {open ? <SmartFilterForm key={editing?.name ?? 'new'} {...props} /> : null}
    </Modal>
  );
}

function SmartFilterForm({
  editing,
  savedNames,
  onApply,
  onSave,
  onCreateAlert,
  onBacktest,
  onClose,
}: SmartFilterModalProps) {
  // Which button sent the form decides which §5 rules apply (Filter needs no name).
  const action = useRef<SmartFilterAction>('save');
  const [saving, setSaving] = useState(false);
  const schema = useMemo(() => {
    const others = savedNames.filter((n) => n !== editing?.name);
    return formRules(filterDraftShape, (v) => smartFilterProblem(v as FilterDraft, action.current, others));
  }, [savedNames, editing]);
  const form = useRuleForm(schema, smartDraftOf(editing));
  const rows = form.watch('rows');
  const type = form.watch('type');

  const send = (next: SmartFilterAction, then: (draft: FilterDraft) => void) => {
    action.current = next;
    void form.submit((values) => then(values as FilterDraft))();
  };

  const filter = () =>
    send('filter', (draft) => {
      onApply({ name: tempNameOf(draft.name), ...smartFilterOf(draft) });
      onClose();
    });

  const save = () =>
    send('save', async (draft) => {
      setSaving(true);
      let saved = false;
      try {
        saved = await onSave({ name: draft.name.trim(), ...smartFilterOf(draft) }, editing?.name ?? null);
      } catch {
        // A save that throws failed too: the modal stays open, and its button usable again.
      } finally {
        setSaving(false);
      }
      if (saved) onClose();
    });

  const createAlert = () =>
    send('filter', (draft) => {
      onCreateAlert?.({ name: draft.name.trim(), ...smartFilterOf(draft) });
    });

  const backtest = () =>
    send('filter', (draft) => {
      onBacktest?.({ name: draft.name.trim(), ...smartFilterOf(draft) });
    });

  const clear = () => {
    const cleared = clearedDraft(editing ? form.getValues('name') : '');
    form.reset(cleared);
  };

  return (
    <form
      className="form filter-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <Field label={text.name} autoComplete="off" maxLength={64} {...form.register('name')} />
      <FilterConditions
        rows={rows}
        onChange={(next) => form.setValue('rows', next)}
        addRowLabel={discoveryMessages.addRow}
      />
      <fieldset className="smart-filter-match" aria-label={text.matchType}>
        {(['all', 'any'] as const).map((t) => (
          <label key={t} className="smart-filter-match__option">
            <input
              type="radio"
              name="smart-filter-type"
              checked={type === t}
              onChange={() => form.setValue('type', t)}
            />
            {text[t]}
          </label>
        ))}
        <span className="smart-filter-match__after">{discoveryMessages.conditionsMet}</span>
      </fieldset>
      <FormMessage {...form.notice} />
      <div className="actions modal-actions smart-filter-actions">
        {onCreateAlert ? (
          <button type="button" className="btn btn-ghost smart-filter-alert" onClick={createAlert}>
            {text.createAlert}
          </button>
        ) : null}
        {onBacktest ? (
          <button type="button" className="btn btn-ghost smart-filter-backtest" onClick={backtest}>
            {text.backtest}
          </button>
        ) : null}
        <button type="button" className="btn btn-ghost" onClick={clear}>
          {text.clear}
        </button>
        <button type="button" className="btn btn-secondary" onClick={filter}>
          {text.filter}
        </button>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? <InlineSpinner /> : null}
          {editing ? text.update : text.saveAndFilter}
        </button>
      </div>
    </form>
  );
}
