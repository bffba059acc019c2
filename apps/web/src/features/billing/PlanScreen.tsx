import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type Coupon,
  discounted,
  isLive,
  messages,
  type Plan,
  type PlanOffer,
  type Subscription,
} from '@tapeline/core';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { useSession, useUser } from '../../app/session.tsx';
import { rememberedPlan } from '../../lib/plan.ts';
import { appStores } from '../../lib/session.ts';
import { PLAN_KEY } from '../../lib/storageKeys.ts';
import { FormMessage } from '../../ui/FormMessage.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { InlineSpinner, Spinner } from '../../ui/Spinner.tsx';
import { useToast } from '../../ui/toast.tsx';
import { billingApi, billingKeys } from './billingApi.ts';
import { subscriptionErrorMessage } from './billingErrors.ts';
import { billingText } from './billingText.ts';
import { CardModal, type Purchase } from './CardModal.tsx';
import { CouponField } from './CouponField.tsx';
import { checkoutKind, checkoutNote, offeredTrialDays, payLabel } from './checkoutText.ts';
import { centsToAmount, formatInvoiceDate, formatUsd } from './format.ts';
import { usePaymentOutcome } from './paymentComplete.ts';
import {
  type BillingPeriod,
  isBilled,
  pendingCancelAt,
  periodOfPlanId,
  planFeatures,
  planNameOf,
  plansForPeriod,
  preselectedPlan,
} from './planRules.ts';
import { useCustomer, usePlans } from './queries.ts';
import { useSubscribe } from './useSubscribe.ts';
import './billing.css';

/** The plan, the coupon and its code chosen so far; `key` numbers the coupon field's mounts. */
interface Choice {
  planId: string | null;
  code: string;
  coupon: Coupon | null;
  key: number;
}

const noChoice = (key: number): Choice => ({ planId: null, code: '', coupon: null, key });

const PERIODS: readonly { period: BillingPeriod; label: string }[] = [
  { period: 'month', label: billingText.monthly },
  { period: 'year', label: billingText.annual },
];

/** Spec §2 Plan tab: plan picker with Monthly / Annual tabs, coupon, pay button, cancel link. */
export function PlanScreen() {
  const user = useUser();
  const plans = usePlans();
  const customer = useCustomer();
  const subscribe = useSubscribe();
  const outcome = usePaymentOutcome();
  const current = user.subscription;
  const live = isLive(current);

  const [period, setPeriod] = useState<BillingPeriod>(() => {
    const stored = rememberedPlan(appStores.local);
    return stored ? periodOfPlanId(stored) : 'month';
  });
  const [choice, setChoice] = useState<Choice>(noChoice(0));
  const { planId: selectedId, code, coupon } = choice;
  const choose = (change: Partial<Choice>) => setChoice((now) => ({ ...now, ...change }));
  const [preselected, setPreselected] = useState(false);
  const [cardOpen, setCardOpen] = useState(false);

  // With a card on file the pay button subscribes at once; else the card modal saves one first.
  const payment = useMutation({
    mutationFn: (plan: { id: string; coupon?: string }) => subscribe(plan.id, plan.coupon),
    onSuccess: () => clearChoice(),
  });
  const payError = payment.isError ? subscriptionErrorMessage(payment.error) : null;

  // Spec §4: the plan chosen at /register?plan= preselects a plan here, once the plans arrive.
  useEffect(() => {
    if (preselected || !plans.data) return;
    setPreselected(true);
    const planId = preselectedPlan(rememberedPlan(appStores.local), plans.data, current);
    setChoice((now) => ({ ...now, planId }));
  }, [preselected, plans.data, current]);

  // A new key remounts the coupon field, so its error goes with the choice.
  const clearChoice = () => {
    setChoice((now) => noChoice(now.key + 1));
    payment.reset();
  };

  // The 'Payment complete' modal takes over from the card modal; the choice is spent.
  useEffect(() => {
    if (outcome === null) return;
    setCardOpen(false);
    setChoice((now) => noChoice(now.key));
  }, [outcome]);

  const offered = plans.data ? plansForPeriod(plans.data, period, current) : [];
  const selected: PlanOffer | undefined = plans.data?.find((plan) => plan.id === selectedId);
  // Trial, charge or change: the trial as the server will grant it (per plan, for this user).
  const kind = checkoutKind(offeredTrialDays(selected, offered), current);
  // A change keeps the discount the subscription carries unless another coupon is given (the
  // server's rule): it is priced in and said, never carried silently.
  const carried =
    !coupon && (kind === 'change' || kind === 'trial-change') ? current?.percent_off : undefined;
  // The same function the server stores the price with, so the button says what is charged.
  const amount = selected ? discounted(selected.amount, coupon?.percent_off ?? carried) : 0;
  const purchase: Purchase | null = selected ? { plan: selected, coupon, amount, kind } : null;
  // Nothing until the plans (and so the trial on offer) have arrived: no wording is guessed.
  const checkout = plans.data
    ? checkoutNote({ kind, purchase: selected ? { amount, interval: selected.interval } : undefined })
    : null;
  const note =
    checkout && selected && carried ? `${billingText.discountCarried(carried)} ${checkout}` : checkout;

  const pay = () => {
    if (!selected) return;
    payment.reset();
    // No card yet: the card modal saves one and then subscribes.
    if (customer.data) payment.mutate({ id: selected.id, coupon: coupon?.id });
    else setCardOpen(true);
  };

  const closeCard = () => {
    setCardOpen(false);
    // Spec §4: closing the card modal clears the selected plan, coupon and code.
    clearChoice();
    appStores.local.removeItem(PLAN_KEY);
  };

  return (
    <div className="plan-screen">
      <h2>{billingText.planTitle}</h2>
      {current ? <CurrentPlan subscription={current} plans={plans.data ?? []} /> : null}

      <div className="period-tabs" role="tablist" aria-label={billingText.billingPeriod}>
        {PERIODS.map(({ period: value, label }) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={period === value}
            className={period === value ? 'period-tab active' : 'period-tab'}
            onClick={() => setPeriod(value)}
          >
            {label}
          </button>
        ))}
      </div>

      {plans.isPending ? (
        <div className="plan-loading">
          <Spinner label={billingText.plansLoading} />
        </div>
      ) : plans.isError ? (
        <FormMessage error={messages.plansFailed} />
      ) : (
        <PlanCards
          plans={offered}
          current={isBilled(current) ? current?.plan : undefined}
          selectedId={selectedId}
          onSelect={(planId) => choose({ planId })}
        />
      )}

      <div className="checkout">
        <CouponField
          key={choice.key}
          code={code}
          onCodeChange={(typed) => choose({ code: typed })}
          coupon={coupon}
          onCoupon={(found) => choose({ coupon: found })}
        />
        <div className="checkout-pay">
          {selected && customer.data && !cardOpen ? (
            <p className="muted checkout-card">
              {billingText.payingWith} {customer.data.card_kind} •••• {customer.data.card_last_4}
            </p>
          ) : null}
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={!selected || payment.isPending || customer.isPending}
            onClick={pay}
            data-testid="pay-button"
          >
            {payment.isPending ? <InlineSpinner /> : null}
            {selected ? payLabel(kind, centsToAmount(amount)) : billingText.choosePlanFirst}
          </button>
          <FormMessage error={payError} />
          {note ? (
            <p className="muted trial-note" data-testid="trial-note">
              {note}
            </p>
          ) : null}
        </div>
      </div>

      {live && current ? <CancelSubscription subscription={current} /> : null}
      {current && pendingCancelAt(current) ? <ResumeSubscription subscription={current} /> : null}

      <CardModal open={cardOpen && outcome === null} onClose={closeCard} purchase={purchase} />
    </div>
  );
}

function PlanCards({
  plans,
  current,
  selectedId,
  onSelect,
}: {
  plans: Plan[];
  current: string | undefined;
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const group = useId();
  if (plans.length === 0) return <p className="muted">{billingText.noPlans}</p>;
  return (
    <div className="plan-cards" role="radiogroup" aria-label={billingText.planTitle}>
      {plans.map((plan) => {
        const isCurrent = plan.id === current;
        const isSelected = plan.id === selectedId;
        const features = planFeatures(plan);
        return (
          <label
            key={plan.id}
            className={`plan-card${isSelected ? ' selected' : ''}${isCurrent ? ' current' : ''}`}
            data-plan-id={plan.id}
          >
            <input
              type="radio"
              name={group}
              className="visually-hidden"
              value={plan.id}
              checked={isSelected}
              disabled={isCurrent}
              aria-label={plan.nickname}
              onChange={() => onSelect(plan.id)}
            />
            <span className="plan-card-head">
              <span className="plan-name">{plan.nickname}</span>
              {isCurrent ? (
                <span className="plan-flag">{billingText.currentPlan}</span>
              ) : isSelected ? (
                <span className="plan-flag plan-flag-selected">{billingText.selected}</span>
              ) : null}
            </span>
            <span className="plan-price">
              <span className="plan-amount">{formatUsd(plan.amount)}</span>
              <span className="plan-per">
                {plan.interval === 'year' ? billingText.perYear : billingText.perMonth}
              </span>
            </span>
            {plan.metadata.description ? (
              <span className="plan-description">{plan.metadata.description}</span>
            ) : null}
            {features.length > 0 ? (
              <ul className="plan-features">
                {features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
            ) : null}
          </label>
        );
      })}
    </div>
  );
}

function CurrentPlan({ subscription, plans }: { subscription: Subscription; plans: readonly Plan[] }) {
  const nickname =
    plans.find((plan) => plan.id === subscription.plan)?.nickname ?? planNameOf(subscription.plan);
  const cancelAt = pendingCancelAt(subscription);
  const date = cancelAt ? formatInvoiceDate(cancelAt) : null;
  // A pending cancellation is never shown as plain "Active": the pill carries its date.
  const status = date
    ? billingText.cancelsOn(date)
    : (billingText.status[subscription.status] ?? subscription.status);
  const owing =
    !subscription.ended_at && (subscription.status === 'past_due' || subscription.status === 'unpaid');
  return (
    <div className="current-plan" data-testid="current-plan">
      <span className="muted">{billingText.currentPlanLabel}</span>
      <strong>{nickname}</strong>
      <span
        className={`status-pill status-${date ? 'canceling' : subscription.status}`}
        data-testid="plan-status"
      >
        {status}
      </span>
      {date ? <p className="muted current-plan-note">{billingText.cancelsOnNote(date)}</p> : null}
      {owing ? (
        <p className="muted current-plan-note" data-testid="owing-note">
          <Link to="/profile/payment">{billingText.owingNote}</Link>
        </p>
      ) : null}
    </div>
  );
}

/** Undoes a pending cancellation: the plan renews at its period end as before. */
function ResumeSubscription({ subscription }: { subscription: Subscription }) {
  const { refresh } = useSession();
  const toast = useToast();
  const resume = useMutation({
    mutationFn: () => billingApi.resume(subscription.id),
    onSuccess: () => {
      toast(billingText.resumedToast, { tone: 'success' });
      refresh();
    },
  });

  return (
    <div className="resume-subscription">
      <button
        type="button"
        className="btn btn-secondary"
        onClick={() => resume.mutate()}
        disabled={resume.isPending}
      >
        {resume.isPending ? <InlineSpinner /> : null}
        {billingText.resume}
      </button>
      <FormMessage error={resume.isError ? billingText.resumeFailed : null} />
    </div>
  );
}

function CancelSubscription({ subscription }: { subscription: Subscription }) {
  const [confirming, setConfirming] = useState(false);
  const { refresh } = useSession();
  const queryClient = useQueryClient();
  const toast = useToast();
  const cancel = useMutation({
    mutationFn: () => billingApi.cancel(subscription.id),
    onSuccess: () => {
      setConfirming(false);
      toast(billingText.canceledToast, { tone: 'success' });
      void queryClient.invalidateQueries({ queryKey: billingKeys.history });
      refresh();
    },
  });
  const pending = cancel.isPending;

  return (
    <div className="cancel-subscription">
      <button type="button" className="btn-link btn-link-danger" onClick={() => setConfirming(true)}>
        {billingText.cancelSubscription}
      </button>
      <Modal
        open={confirming}
        title={billingText.cancelConfirmTitle}
        onClose={() => {
          setConfirming(false);
          cancel.reset();
        }}
        testId="cancel-modal"
      >
        <p className="muted">{billingText.cancelConfirmText}</p>
        <FormMessage error={cancel.isError ? messages.cancelFailed : null} />
        <div className="actions modal-actions">
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => setConfirming(false)}
            disabled={pending}
          >
            {billingText.keepSubscription}
          </button>
          <button type="button" className="btn btn-danger" onClick={() => cancel.mutate()} disabled={pending}>
            {pending ? <InlineSpinner /> : null}
            {billingText.cancelConfirm}
          </button>
        </div>
      </Modal>
    </div>
  );
}
