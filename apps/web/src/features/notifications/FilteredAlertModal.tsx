import { alertMessages, type FilteredAlert, TIMEFRAME_IDS } from '@tapeline/core';
import { useEffect, useId, useMemo } from 'react';
import {
  isLimitExceeded,
  useSaveFilteredAlerts,
  useValidateFilteredAlert,
} from '../../lib/alerts/useAlerts.ts';
import { Field } from '../../ui/Field.tsx';
import { FormMessage } from '../../ui/FormMessage.tsx';
import { formRules } from '../../ui/form/formRules.ts';
import { useRuleForm } from '../../ui/form/useRuleForm.ts';
import { Modal } from '../../ui/Modal.tsx';
import { InlineSpinner } from '../../ui/Spinner.tsx';
import { useToast } from '../../ui/toast.tsx';
import { backtestDialog } from '../alertLab/index.ts';
import { FilterConditions } from './FilterConditions.tsx';
import {
  alertOf,
  draftOf,
  draftProblem,
  emptyDraft,
  type FilterDraft,
  filterDraftShape,
  type RowDraft,
} from './filterDraft.ts';
import { notificationsText as text } from './notificationsText.ts';
import { SectorPicker } from './SectorPicker.tsx';

/** Spec §5: too many matches is a 5 s toast. */
export const TOO_MANY_TOAST_MS = 5000;

interface FilteredAlertModalProps {
  open: boolean;
  list: readonly FilteredAlert[];
  /** The filter edited, or null to add one. */
  editIndex: number | null;
  /** What a new filter starts from (Discovery's "Create alert from this filter"). */
  seed?: FilteredAlert;
  onClose: () => void;
}

export function FilteredAlertModal({ open, list, editIndex, seed, onClose }: FilteredAlertModalProps) {
  return (
    <Modal
      open={open}
      title={editIndex === null ? text.filterModalAdd : text.filterModalEdit}
      onClose={onClose}
      testId="filtered-alert-modal"
      className="modal-wide"
    >
      {open ? (
        <FilterForm key={editIndex ?? 'new'} list={list} editIndex={editIndex} seed={seed} onDone={onClose} />
      ) : null}
    </Modal>
  );
}

/** §4: submit asks the server how many symbols would match, then saves the whole list. */
function FilterForm({
  list,
  editIndex,
  seed,
  onDone,
}: Omit<FilteredAlertModalProps, 'open' | 'onClose'> & { onDone: () => void }) {
  const toast = useToast();
  const validate = useValidateFilteredAlert();
  const save = useSaveFilteredAlerts();
  const editing = editIndex === null ? undefined : list[editIndex];
  const others = useMemo(() => list.filter((_, i) => i !== editIndex), [list, editIndex]);
  const schema = useMemo(
    () => formRules(filterDraftShape, (v) => draftProblem(v as FilterDraft, others)),
    [others],
  );
  const start = editing ?? seed;
  const form = useRuleForm(schema, start ? draftOf(start) : emptyDraft());
  // A problem named at the last send goes once the trader fixes it (the next is named at the
  // next send): a corrected row must not stay flagged.
  const shown = form.formState.errors.root?.message;
  useEffect(() => {
    if (!shown) return;
    const watching = form.watch((values) => {
      if (draftProblem(values as FilterDraft, others) !== shown) form.clearErrors('root');
    });
    return () => watching.unsubscribe();
  }, [form, others, shown]);
  const rows = form.watch('rows');
  const setRows = (next: RowDraft[]) => form.setValue('rows', next);
  const sectors = form.watch('sectors');
  const timeframe = form.watch('timeframe');
  const timeframeId = useId();

  const store = (alert: FilteredAlert) => {
    const next = editIndex === null ? [...list, alert] : list.map((f, i) => (i === editIndex ? alert : f));
    save.mutate(next, {
      onSuccess: () => {
        toast(editIndex === null ? alertMessages.filteredAdded : alertMessages.filteredUpdated, {
          tone: 'success',
        });
        onDone();
      },
      onError: (error) => {
        const failed =
          editIndex === null ? alertMessages.filteredAddFailed : alertMessages.filteredUpdateFailed;
        toast(isLimitExceeded(error) ? alertMessages.filteredLimit : failed, { tone: 'error' });
      },
    });
  };

  const submit = form.submit((values) => {
    const alert = alertOf(values as FilterDraft);
    validate.mutate(alert, {
      onSuccess: ({ valid, values: [limit, count], problem }) => {
        if (!valid || count > limit) {
          // The server says which rule failed; an older answer without one meant too many matches.
          toast(problem ?? alertMessages.tooManyMatches(count, limit), {
            tone: 'error',
            durationMs: TOO_MANY_TOAST_MS,
          });
        } else store(alert);
      },
      onError: () => toast(alertMessages.validateFailed, { tone: 'error' }),
    });
  });

  // The conditions as they stand, checked as a save would be, over recorded sessions.
  const backtest = form.submit((values) => {
    const alert = alertOf(values as FilterDraft);
    backtestDialog.open({ rule: { kind: 'filtered', filter: alert }, title: alert.name });
  });

  const busy = validate.isPending || save.isPending;
  return (
    <form className="form filter-form" onSubmit={submit} noValidate>
      <Field label={text.filterName} autoComplete="off" maxLength={64} {...form.register('name')} />
      <fieldset className="segmented" aria-label={text.matchType}>
        {(['all', 'any'] as const).map((t) => (
          <label key={t} className={form.watch('type') === t ? 'segment active' : 'segment'}>
            <input type="radio" value={t} {...form.register('type')} />
            {t === 'all' ? text.matchAll : text.matchAny}
          </label>
        ))}
      </fieldset>
      <FilterConditions rows={rows} onChange={setRows} />
      <SectorPicker value={sectors} onChange={(codes) => form.setValue('sectors', codes)} />
      <div className={timeframe === '' ? 'field timeframe is-missing' : 'field timeframe'}>
        <label htmlFor={timeframeId}>{text.timeframe}</label>
        <select
          id={timeframeId}
          className="select"
          aria-invalid={timeframe === '' || undefined}
          {...form.register('timeframe')}
        >
          <option value="">{text.chooseTimeframe}</option>
          {TIMEFRAME_IDS.map((id) => (
            <option key={id} value={id}>
              {text.timeframes[id]}
            </option>
          ))}
        </select>
      </div>
      <FormMessage {...form.notice} />
      <div className="actions modal-actions">
        <button type="button" className="btn btn-ghost" onClick={backtest}>
          {text.backtest}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          {text.cancel}
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? <InlineSpinner /> : null}
          {editIndex === null ? text.submitAdd : text.submitEdit}
        </button>
      </div>
    </form>
  );
}
