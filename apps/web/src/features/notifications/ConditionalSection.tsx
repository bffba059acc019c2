import { alertMessages, FILTERED_ALERTS_MAX, type FilteredAlert } from '@tapeline/core';
import { useState } from 'react';
import { isLimitExceeded, useSaveFilteredAlerts } from '../../lib/alerts/useAlerts.ts';
import { useToast } from '../../ui/toast.tsx';
import { RuleOutcome } from '../alertLab/index.ts';
import { FilteredAlertModal } from './FilteredAlertModal.tsx';
import { notificationsText as text } from './notificationsText.ts';
import { SectionHead } from './SectionHead.tsx';

type Modal = { mode: 'add' } | { mode: 'edit'; index: number } | null;

/** Spec §2 Conditional: the user's filtered alerts (Pro Plus, at most 5), added and edited in a modal. */
export function ConditionalSection({ list, proPlus }: { list: readonly FilteredAlert[]; proPlus: boolean }) {
  const toast = useToast();
  const save = useSaveFilteredAlerts();
  const [modal, setModal] = useState<Modal>(null);

  const add = () => {
    if (list.length >= FILTERED_ALERTS_MAX) toast(alertMessages.filteredLimit, { tone: 'error' });
    else setModal({ mode: 'add' });
  };

  const remove = (index: number) =>
    save.mutate(
      list.filter((_, i) => i !== index),
      {
        onSuccess: () => toast(alertMessages.filteredDeleted, { tone: 'success' }),
        onError: (error) =>
          toast(isLimitExceeded(error) ? alertMessages.filteredLimit : alertMessages.filteredDeleteFailed, {
            tone: 'error',
          }),
      },
    );

  return (
    <section className="settings-section" aria-labelledby="notify-conditional">
      <SectionHead
        id="notify-conditional"
        title={text.sections.conditional}
        hint={text.hints.conditional}
        tier="proplus"
        locked={!proPlus}
      />
      {list.length === 0 ? (
        <p className="muted">{text.noFiltered}</p>
      ) : (
        <ul className="rule-list" aria-label={text.filteredList}>
          {list.map((filter, index) => (
            <li key={filter.name} className="rule-row" data-filter={filter.name}>
              <span className="rule-symbol">{filter.name}</span>
              <span className="rule-summary muted">
                {filter.type === 'all' ? text.matchAll : text.matchAny}
                <RuleOutcome filter={filter.name} />
              </span>
              <div className="rule-actions">
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  disabled={!proPlus}
                  aria-label={text.editOf(filter.name)}
                  onClick={() => setModal({ mode: 'edit', index })}
                >
                  {text.edit}
                </button>
                <button
                  type="button"
                  className="btn btn-ghost btn-small"
                  disabled={!proPlus || save.isPending}
                  aria-label={text.deleteOf(filter.name)}
                  onClick={() => remove(index)}
                >
                  {text.delete}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <div className="section-actions">
        <button type="button" className="btn btn-primary" disabled={!proPlus} onClick={add}>
          {text.addFiltered}
        </button>
        <span className="muted">{text.filteredCount(list.length, FILTERED_ALERTS_MAX)}</span>
      </div>
      <FilteredAlertModal
        open={modal !== null}
        list={list}
        editIndex={modal?.mode === 'edit' ? modal.index : null}
        onClose={() => setModal(null)}
      />
    </section>
  );
}
