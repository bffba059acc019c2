import { meetsTier, RULE_TYPES, type RuleType, STEP_UNITS, tierForType, tierOf } from '@tapeline/core';
import { z } from 'zod';
import { useUser } from '../../app/session.tsx';
import { addAlertDialog, useAddAlertSymbol } from '../../lib/alerts/addAlertDialog.ts';
import { useCreateAlert } from '../../lib/alerts/useAlerts.ts';
import { Field } from '../../ui/Field.tsx';
import { FormMessage } from '../../ui/FormMessage.tsx';
import { formRules } from '../../ui/form/formRules.ts';
import { useRuleForm } from '../../ui/form/useRuleForm.ts';
import { Modal } from '../../ui/Modal.tsx';
import { RateSlider } from '../../ui/RateSlider.tsx';
import { rateRange } from '../../ui/rateScale.ts';
import { InlineSpinner } from '../../ui/Spinner.tsx';
import { StepUnitToggle } from '../../ui/StepUnitToggle.tsx';
import { settingControlText } from '../../ui/settingControlText.ts';
import { useToast } from '../../ui/toast.tsx';
import { notificationsText as text } from '../notifications/index.ts';
import './addAlert.css';
import { boundsProblem, parseBound, registered, registerFailure } from '../../lib/alerts/ruleToasts.ts';

const addAlertForm = formRules(
  { type: z.enum(RULE_TYPES), rate: z.number(), unit: z.enum(STEP_UNITS), high: z.string(), low: z.string() },
  (v) => (v.type === 'price' ? boundsProblem(v.high, v.low, text.boundsInvalid) : null),
);

/** The page's one Add-alert dialog, opened from a symbol's context menu. Mount once per page. */
export function AddAlertHost() {
  const symbol = useAddAlertSymbol();
  return (
    <Modal
      open={symbol !== null}
      title={symbol ? text.addAlertTitle(symbol) : ''}
      onClose={addAlertDialog.close}
      testId="add-alert-dialog"
    >
      {/* Keyed: each opening starts from the defaults. */}
      {symbol ? <AddAlertForm key={symbol} symbol={symbol} /> : null}
    </Modal>
  );
}

const bound = (raw: string) => {
  const value = parseBound(raw);
  return typeof value === 'number' ? value : null;
};

/** Type (Pro types labelled for Standard), rate at the type's default, and for Price optional bounds. */
function AddAlertForm({ symbol }: { symbol: string }) {
  const toast = useToast();
  const pro = meetsTier(tierOf(useUser().subscription), 'pro');
  const create = useCreateAlert();
  const defaults: z.input<typeof addAlertForm> = {
    type: 'trade',
    rate: rateRange('trade').default,
    unit: 'dollar',
    high: '',
    low: '',
  };
  const form = useRuleForm(addAlertForm, defaults);
  const type = form.watch('type');
  const rate = form.watch('rate');
  const unit = form.watch('unit');

  const choose = (next: RuleType) => {
    form.setValue('type', next);
    form.setValue('rate', rateRange(next, unit).default);
  };
  const chooseUnit = (next: typeof unit) => {
    form.setValue('unit', next);
    form.setValue('rate', rateRange(type, next).default);
  };

  const submit = form.submit((v) => {
    const price = v.type === 'price';
    const body = {
      category: symbol,
      type: v.type,
      rate: v.rate,
      ...(v.type === 'trade' && v.unit === 'percent' ? { unit: v.unit } : {}),
      high: price ? bound(v.high) : undefined,
      low: price ? bound(v.low) : undefined,
    };
    create.mutate(body, {
      onSuccess: () => {
        toast(registered(body), { tone: 'success' });
        addAlertDialog.close();
      },
      onError: (error) => toast(registerFailure(body, error), { tone: 'error' }),
    });
  });

  return (
    <form className="form add-alert-form" onSubmit={submit} noValidate>
      <fieldset className="alert-type-choice">
        <legend>{text.alertType}</legend>
        {RULE_TYPES.map((t) => {
          const locked = tierForType(t) === 'pro' && !pro;
          return (
            <label key={t} className={locked ? 'alert-type is-locked' : 'alert-type'}>
              <input
                type="radio"
                name="alert-type"
                value={t}
                checked={type === t}
                disabled={locked}
                onChange={() => choose(t)}
              />
              <span>{text.typeLabels[t]}</span>
              {locked ? <span className="tier-label">{settingControlText.proOnly}</span> : null}
            </label>
          );
        })}
      </fieldset>
      <div className="field">
        <span className="field-label">{text.rateOf(symbol)}</span>
        <div className="rate-with-unit">
          <RateSlider
            type={type}
            unit={type === 'trade' ? unit : 'dollar'}
            value={rate}
            onChange={(r) => form.setValue('rate', r)}
            label={text.rateOf(symbol)}
          />
          {type === 'trade' ? (
            <StepUnitToggle value={unit} onChange={chooseUnit} label={text.stepUnitOf(symbol)} />
          ) : null}
        </div>
        <p className="setting-hint">
          {type === 'trade' && unit === 'percent' ? text.rateHintPercent : text.rateHint[type]}
        </p>
      </div>
      {type === 'price' ? (
        <fieldset className="price-bounds">
          <legend>{text.bounds}</legend>
          <Field label={text.low} inputMode="decimal" autoComplete="off" {...form.register('low')} />
          <Field label={text.high} inputMode="decimal" autoComplete="off" {...form.register('high')} />
        </fieldset>
      ) : null}
      <FormMessage {...form.notice} />
      <div className="actions modal-actions">
        <button type="button" className="btn btn-ghost" onClick={addAlertDialog.close}>
          {text.cancel}
        </button>
        <button type="submit" className="btn btn-primary" disabled={create.isPending}>
          {create.isPending ? <InlineSpinner /> : null}
          {text.add}
        </button>
      </div>
    </form>
  );
}
