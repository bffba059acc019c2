import { Spinner } from '../../ui/Spinner.tsx';
import './alertLab.css';
import { alertLabText as text } from './alertLabText.ts';
import { OutcomeStatsLine } from './OutcomeStatsLine.tsx';
import { useAlertOutcomes } from './outcomesApi.ts';

/** Notifications: how each alert type's fires of the last 30 sessions did. */
export function OutcomesSection() {
  const outcomes = useAlertOutcomes();
  return (
    <section className="settings-section lab-outcomes" aria-labelledby="notify-outcomes">
      <div className="settings-section-head">
        <h2 id="notify-outcomes" className="settings-section-title">
          {text.outcomesTitle}
        </h2>
        <p className="setting-hint section-hint">{text.outcomesHelp}</p>
      </div>
      {!outcomes.data ? (
        outcomes.isError ? (
          <p className="muted">{text.outcomesFailed}</p>
        ) : (
          <Spinner />
        )
      ) : outcomes.data.types.length === 0 ? (
        <p className="muted">{text.outcomesNone}</p>
      ) : (
        <ul className="lab-outcomes__list">
          {outcomes.data.types.map((t) => (
            <li key={t.kind}>
              <strong>{text.typeNames[t.kind] ?? t.kind}</strong> <OutcomeStatsLine stats={t.stats} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** One rule's line (a symbol rule by id, a filtered alert by name); nothing before its first fire. */
export function RuleOutcome({ ruleId, filter }: { ruleId?: number; filter?: string }) {
  const outcomes = useAlertOutcomes();
  const group = outcomes.data?.rules.find((r) =>
    ruleId !== undefined ? r.rule_id === ruleId : r.filter === filter,
  );
  return group ? <OutcomeStatsLine stats={group.stats} /> : null;
}
