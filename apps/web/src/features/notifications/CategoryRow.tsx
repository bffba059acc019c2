import { type AlertRule, alertMessages, RATE_RANGES, type StreamCategory } from '@tapeline/core';
import { useId, useState } from 'react';
import { registered, registerFailure } from '../../lib/alerts/ruleToasts.ts';
import { useCreateAlert, useDeleteAlert, useUpdateAlert } from '../../lib/alerts/useAlerts.ts';
import { RateSlider } from '../../ui/RateSlider.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useDraft } from '../../ui/useDraft.ts';
import { notificationsText as text } from './notificationsText.ts';

/**
 * A stream category's Hi/Low alert: on or off, and its rate. The slider saves the rate 200 ms
 * after it stops (§4); while off it only sets the rate the alert will start with.
 */
export function CategoryRow({ category, rule }: { category: StreamCategory; rule: AlertRule | undefined }) {
  const toast = useToast();
  const create = useCreateAlert();
  const update = useUpdateAlert();
  const remove = useDeleteAlert();
  const id = useId();
  const name = text.streamCategories[category];
  const [offRate, setOffRate] = useState(RATE_RANGES.trade.default);

  const commitRate = (rate: number) => {
    if (!rule) return setOffRate(rate);
    if (rate === rule.rate) return;
    update.mutate(
      { id: rule.id, body: { category, rate } },
      {
        onSuccess: () => toast(alertMessages.updated(name), { tone: 'success' }),
        onError: () => toast(alertMessages.updateFailed(name), { tone: 'error' }),
      },
    );
  };
  const [rate, setRate] = useDraft(rule?.rate ?? offRate, commitRate);

  const toggle = (on: boolean) => {
    if (on) {
      const body = { category, type: 'trade' as const, rate };
      create.mutate(body, {
        onSuccess: () => toast(registered(body, name), { tone: 'success' }),
        onError: (error) => toast(registerFailure(body, error, name), { tone: 'error' }),
      });
    } else if (rule) {
      remove.mutate(rule.id, { onError: () => toast(alertMessages.deleteFailed(name), { tone: 'error' }) });
    }
  };

  const busy = create.isPending || remove.isPending;
  return (
    <li className="setting-row category-row" data-category={category}>
      <div className="setting-text">
        <label htmlFor={id} className="setting-label">
          {name}
        </label>
      </div>
      <RateSlider type="trade" value={rate} onChange={setRate} label={text.rateOf(name)} />
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="switch"
        checked={rule !== undefined}
        aria-checked={rule !== undefined}
        disabled={busy}
        onChange={(event) => toggle(event.target.checked)}
      />
    </li>
  );
}
