import { messages, type PlanOffer, type SubscriptionState } from '@tapeline/core';
import { billingText } from './billingText.ts';
import { formatUsd } from './format.ts';
import { isBilled, pendingCancelAt } from './planRules.ts';

/**
 * What subscribing does now: start a trial, charge at once (a returning trader: one trial per
 * trader), or change the plan of the subscription still billed. The trial comes from the
 * server's answer (each plan's `trial_period_days` for this user), never from a guess here.
 */
export type CheckoutKind = 'trial' | 'charge' | 'change' | 'trial-change';

export function checkoutKind(
  trialDays: number,
  current: (SubscriptionState & { cancel_at?: number | null }) | null | undefined,
): CheckoutKind {
  // During a trial a plan change charges nothing: the trial goes on with the new plan. A trial
  // with a cancellation pending ends at its date, so no trial is promised for it.
  if (isBilled(current)) {
    return current?.status === 'trialing' && pendingCancelAt(current) === null ? 'trial-change' : 'change';
  }
  return trialDays > 0 ? 'trial' : 'charge';
}

/** The trial a choice gets: the selected plan's, or before a choice, whether any plan offers one. */
export function offeredTrialDays(
  selected: Pick<PlanOffer, 'trial_period_days'> | undefined,
  plans: readonly Pick<PlanOffer, 'trial_period_days'>[],
): number {
  if (selected) return selected.trial_period_days;
  return Math.max(0, ...plans.map((plan) => plan.trial_period_days));
}

interface Choice {
  kind: CheckoutKind;
  /** The selected plan's price after any coupon, in cents, and its interval; absent before a choice. */
  purchase?: { amount: number; interval: 'month' | 'year' };
}

/** A plan change during the trial: nothing now, the trial goes on, then the new plan's price. */
function trialChangeNote(purchase: Choice['purchase']): string {
  if (!purchase) return billingText.trialContinues;
  const per = purchase.interval === 'year' ? billingText.perYearWords : billingText.perMonthWords;
  return `${billingText.trialContinues} ${billingText.afterTrial(formatUsd(purchase.amount), per)}`;
}

/** What the pay button says: exactly what pressing it bills now. */
export function payLabel(kind: CheckoutKind, amount: string): string {
  return kind === 'trial-change' ? billingText.changeNoCharge : billingText.subscribeFor(amount);
}

/** The note under the pay button. */
export function checkoutNote({ kind, purchase }: Choice): string {
  if (kind === 'change') return billingText.changeNote;
  if (kind === 'trial-change') return trialChangeNote(purchase);
  if (kind === 'charge')
    return purchase ? billingText.chargedToday(formatUsd(purchase.amount)) : billingText.noSecondTrial;
  if (!purchase) return `${billingText.trialIntro} ${messages.trialNote}.`;
  const per = purchase.interval === 'year' ? billingText.perYearWords : billingText.perMonthWords;
  return `${billingText.trialLead(formatUsd(purchase.amount), per)} ${messages.trialNote}.`;
}

/** The card modal's line under the plan name when the card is saved on the way to subscribing. */
export function cardModalIntro({ kind, purchase }: Choice): string {
  if (kind === 'trial') return billingText.cardIntro;
  if (kind === 'change') return billingText.changeNote;
  if (kind === 'trial-change') return trialChangeNote(purchase);
  return purchase ? billingText.chargedToday(formatUsd(purchase.amount)) : billingText.noSecondTrial;
}
