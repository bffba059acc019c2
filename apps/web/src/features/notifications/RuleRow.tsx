import { type AlertRule, alertMessages, type RuleType, ruleLabel, type StepUnit } from '@tapeline/core';
import { useEffect, useState } from 'react';
import { boundsProblem, parseBound } from '../../lib/alerts/ruleToasts.ts';
import { useDeleteAlert, useUpdateAlert } from '../../lib/alerts/useAlerts.ts';
import { FormMessage } from '../../ui/FormMessage.tsx';
import { RateSlider } from '../../ui/RateSlider.tsx';
import { formatRate, rateRange } from '../../ui/rateScale.ts';
import { StepUnitToggle } from '../../ui/StepUnitToggle.tsx';
import { useToast } from '../../ui/toast.tsx';
import { backtestDialog, RuleOutcome } from '../alertLab/index.ts';
import { notificationsText as text } from './notificationsText.ts';

interface RuleRowProps {
  rule: AlertRule;
  type: RuleType;
  locked: boolean;
  editing: boolean;
  /** Starts editing this row (any other row being edited goes back to what it was). */
  onEdit: () => void;
  onDone: () => void;
}

const boundText = (n: number | null) => (n === null ? '' : String(n));

/**
 * One symbol's alert. Editing opens its rate (and for Price its bounds) as a draft: Save sends
 * it, Cancel or editing another row drops it (§4). Nothing is sent while the slider moves.
 */
export function RuleRow({ rule, type, locked, editing, onEdit, onDone }: RuleRowProps) {
  const toast = useToast();
  const update = useUpdateAlert();
  const remove = useDeleteAlert();
  const symbol = rule.category;
  const [rate, setRate] = useState(rule.rate);
  const savedUnit: StepUnit = rule.unit ?? 'dollar';
  const [unit, setUnit] = useState<StepUnit>(savedUnit);
  const [high, setHigh] = useState(boundText(rule.high));
  const [low, setLow] = useState(boundText(rule.low));
  const [problem, setProblem] = useState<string | null>(null);

  // Entering or leaving edit mode starts from the saved rule: a dropped draft leaves no trace.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `editing` is the trigger, not read
  useEffect(() => {
    setRate(rule.rate);
    setUnit(savedUnit);
    setHigh(boundText(rule.high));
    setLow(boundText(rule.low));
    setProblem(null);
  }, [editing, rule.rate, rule.high, rule.low, savedUnit]);

  const chooseUnit = (next: StepUnit) => {
    setUnit(next);
    setRate(rateRange(type, next).default);
  };

  const save = () => {
    const price = type === 'price';
    const wrong = price ? boundsProblem(high, low, text.boundsInvalid) : null;
    setProblem(wrong);
    if (wrong) return;
    const bound = (raw: string) => {
      const v = parseBound(raw);
      return typeof v === 'number' ? v : null;
    };
    update.mutate(
      {
        id: rule.id,
        body: {
          category: symbol,
          rate,
          // Sent only when changed: left out, the server keeps the rule's.
          ...(type === 'trade' && unit !== savedUnit ? { unit } : {}),
          ...(price ? { high: bound(high), low: bound(low) } : {}),
        },
      },
      {
        onSuccess: () => {
          toast(alertMessages.updated(symbol), { tone: 'success' });
          onDone();
        },
        onError: () => toast(alertMessages.updateFailed(symbol), { tone: 'error' }),
      },
    );
  };

  const drop = () => {
    if (editing) onDone();
    remove.mutate(rule.id, { onError: () => toast(alertMessages.deleteFailed(symbol), { tone: 'error' }) });
  };

  const bounds =
    type === 'price' && (rule.low !== null || rule.high !== null)
      ? `${rule.low ?? text.anyPrice} – ${rule.high ?? text.anyPrice}`
      : null;

  return (
    <li className={editing ? 'rule-row is-editing' : 'rule-row'} data-symbol={symbol}>
      <span className="rule-symbol">{symbol}</span>
      {editing ? (
        <div className="rule-edit">
          <div className="rate-with-unit">
            <RateSlider type={type} unit={unit} value={rate} onChange={setRate} label={text.rateOf(symbol)} />
            {type === 'trade' ? (
              <StepUnitToggle value={unit} onChange={chooseUnit} label={text.stepUnitOf(symbol)} />
            ) : null}
          </div>
          {type === 'price' ? (
            <div className="rule-bounds">
              <input
                className="input"
                inputMode="decimal"
                aria-label={text.lowOf(symbol)}
                placeholder={text.low}
                value={low}
                onChange={(e) => setLow(e.target.value)}
              />
              <input
                className="input"
                inputMode="decimal"
                aria-label={text.highOf(symbol)}
                placeholder={text.high}
                value={high}
                onChange={(e) => setHigh(e.target.value)}
              />
            </div>
          ) : null}
          <FormMessage error={problem} />
        </div>
      ) : (
        <span className="rule-summary">
          {formatRate(type, rule.rate, savedUnit)}
          {bounds ? <span className="muted"> · {bounds}</span> : null}
          <RuleOutcome ruleId={rule.id} />
        </span>
      )}
      <div className="rule-actions">
        {editing ? (
          <>
            <button
              type="button"
              className="btn btn-primary btn-small"
              disabled={update.isPending}
              onClick={save}
            >
              {text.save}
            </button>
            <button type="button" className="btn btn-ghost btn-small" onClick={onDone}>
              {text.cancel}
            </button>
          </>
        ) : (
          <button
            type="button"
            className="btn btn-secondary btn-small"
            disabled={locked}
            aria-label={text.editOf(symbol)}
            onClick={onEdit}
          >
            {text.edit}
          </button>
        )}
        {editing ? null : (
          <button
            type="button"
            className="btn btn-ghost btn-small"
            disabled={locked}
            aria-label={text.backtestOf(`${symbol} ${ruleLabel(type, symbol, rule.unit)}`)}
            onClick={() =>
              backtestDialog.open({
                rule: {
                  kind: 'symbol',
                  // The step's unit too: a 1 % Hi/Low step is not a $1 one.
                  rule: {
                    type,
                    category: symbol,
                    rate: rule.rate,
                    high: rule.high,
                    low: rule.low,
                    unit: rule.unit,
                  },
                },
                title: `${symbol} ${ruleLabel(type, symbol, rule.unit)}`,
              })
            }
          >
            {text.backtest}
          </button>
        )}
        <button
          type="button"
          className="btn btn-ghost btn-small"
          disabled={locked || remove.isPending}
          aria-label={text.deleteOf(symbol)}
          onClick={drop}
        >
          {text.delete}
        </button>
      </div>
    </li>
  );
}
