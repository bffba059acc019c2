import { messages } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { cardModalIntro, checkoutKind, checkoutNote, offeredTrialDays, payLabel } from './checkoutText.ts';

const none = null;
const ended = { plan: 'pro', status: 'canceled', ended_at: 100, canceled_at: 50 };
const pendingCancel = { plan: 'pro', status: 'active', ended_at: null, canceled_at: 50, cancel_at: 100 };
const pro = { amount: 5900, interval: 'month' as const };

describe('checkout wording follows the trial the server grants', () => {
  it('a first-time trader: the trial on every screen', () => {
    const kind = checkoutKind(5, none);
    expect(kind).toBe('trial');
    expect(checkoutNote({ kind, purchase: pro })).toBe(
      `No charge today, then $59.00 per month ${messages.trialNote}.`,
    );
    expect(cardModalIntro({ kind, purchase: pro })).toMatch(/trial/);
  });

  it('a returning trader (no trial offered): charged today, and no screen mentions a trial', () => {
    const kind = checkoutKind(0, ended);
    expect(kind).toBe('charge');
    const texts = [
      checkoutNote({ kind, purchase: pro }),
      cardModalIntro({ kind, purchase: pro }),
      checkoutNote({ kind }),
    ];
    expect(texts[0]).toBe('You will be charged $59.00 today.');
    expect(texts[1]).toBe('You will be charged $59.00 today.');
    for (const text of texts) expect(text).not.toMatch(/trial\b(?! before)|no charge/i);
    // The server said no trial even without an earlier subscription in view: it is believed.
    expect(checkoutKind(0, none)).toBe('charge');
  });

  it('with a pending cancellation choosing again changes the plan: no trial wording', () => {
    const kind = checkoutKind(0, pendingCancel);
    expect(kind).toBe('change');
    // A trial cancelled at its end is no trial that continues.
    expect(checkoutKind(0, { ...pendingCancel, status: 'trialing' })).toBe('change');
    expect(checkoutNote({ kind, purchase: pro })).not.toMatch(/trial/i);
    expect(cardModalIntro({ kind, purchase: pro })).not.toMatch(/trial/i);
  });

  it('a plan change during the trial: no charge now, the trial continues, and no price on the button', () => {
    const trialing = { plan: 'standard', status: 'trialing', ended_at: null, canceled_at: null };
    const kind = checkoutKind(0, trialing);
    expect(kind).toBe('trial-change');
    expect(checkoutNote({ kind, purchase: pro })).toBe(
      'No charge now, the trial continues. When it ends you pay $59.00 per month.',
    );
    expect(cardModalIntro({ kind, purchase: pro })).not.toMatch(/credited/);
    expect(payLabel(kind, '59.00')).toBe('Change plan (no charge now)');
    expect(payLabel('change', '59.00')).toBe('Subscribe for $59.00');
  });

  it('takes the selected plan’s trial, or before a choice whether any plan offers one', () => {
    expect(offeredTrialDays({ trial_period_days: 0 }, [{ trial_period_days: 5 }])).toBe(0);
    expect(offeredTrialDays(undefined, [{ trial_period_days: 0 }, { trial_period_days: 5 }])).toBe(5);
    expect(offeredTrialDays(undefined, [])).toBe(0);
  });
});
