import { useQueryClient } from '@tanstack/react-query';
import type { Coupon, PlanOffer } from '@tapeline/core';
import { useCallback, useRef, useState } from 'react';
import { Field } from '../../ui/Field.tsx';
import { FormMessage } from '../../ui/FormMessage.tsx';
import { useRuleForm } from '../../ui/form/useRuleForm.ts';
import { Modal } from '../../ui/Modal.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { billingApi, billingKeys } from './billingApi.ts';
import { cardErrorMessage, subscriptionErrorMessage } from './billingErrors.ts';
import { billingText } from './billingText.ts';
import { cardForm, formatCardNumber, formatExpiryInput, parseLocalCard } from './cardInput.ts';
import { type CheckoutKind, cardModalIntro } from './checkoutText.ts';
import { centsToAmount } from './format.ts';
import { useBillingConfig } from './queries.ts';
import { StripeCardField } from './StripeCardField.tsx';
import { CardInputError, type Tokenize } from './tokenize.ts';
import { useSubscribe } from './useSubscribe.ts';

export interface Purchase {
  plan: PlanOffer;
  coupon: Coupon | null;
  /** Cents after the coupon. */
  amount: number;
  /** Whether subscribing starts a trial, charges now or changes the plan (checkoutText.ts). */
  kind: CheckoutKind;
}

interface CardModalProps {
  open: boolean;
  /** Closing clears the owner's plan, coupon and code (spec §4). */
  onClose: () => void;
  /** Set when the card is saved on the way to subscribing to this plan. */
  purchase: Purchase | null;
  /** After a card-only save (Payment tab). */
  onCardSaved?: () => void;
}

export function CardModal({ open, onClose, purchase, onCardSaved }: CardModalProps) {
  return (
    <Modal open={open} title={billingText.cardTitle} onClose={onClose} testId="card-modal">
      {/* Mounted only while open, so every opening starts from an empty form. */}
      {open ? <CardForm purchase={purchase} onCardSaved={onCardSaved} /> : null}
    </Modal>
  );
}

function CardForm({ purchase, onCardSaved }: Pick<CardModalProps, 'purchase' | 'onCardSaved'>) {
  const queryClient = useQueryClient();
  const subscribe = useSubscribe();
  const config = useBillingConfig();
  const form = useRuleForm(cardForm, { name: '', number: '', expiry: '', cvc: '' });
  const [pending, setPending] = useState(false);
  const stripeTokenize = useRef<Tokenize | null>(null);
  const registerStripe = useCallback((tokenize: Tokenize | null) => {
    stripeTokenize.current = tokenize;
  }, []);

  const provider = config.data?.provider;
  const publishableKey = config.data?.publishable_key ?? null;

  const tokenize = async (cardName: string, typed: { number: string; expiry: string; cvc: string }) => {
    if (provider === 'stripe') {
      if (!stripeTokenize.current) throw new CardInputError(billingText.stripeLoadFailed);
      return stripeTokenize.current(cardName);
    }
    const card = parseLocalCard(typed, new Date());
    if ('error' in card) throw new CardInputError(card.error);
    return (await billingApi.localToken({ ...card, name: cardName })).id;
  };

  const submit = form.submit(async ({ name, ...typed }) => {
    if (pending) return;
    setPending(true);
    try {
      try {
        const token = await tokenize(name.trim(), typed);
        const customer = await billingApi.saveCustomer(token);
        queryClient.setQueryData(billingKeys.customer, customer);
      } catch (err) {
        form.fail(err instanceof CardInputError ? err.message : cardErrorMessage(err));
        return;
      }
      if (!purchase) {
        onCardSaved?.();
        return;
      }
      try {
        // The modal closes itself: the 'Payment complete' modal takes over.
        await subscribe(purchase.plan.id, purchase.coupon?.id);
      } catch (err) {
        form.fail(subscriptionErrorMessage(err));
      }
    } finally {
      setPending(false);
    }
  });

  const label = purchase ? billingText.subscribeFor(centsToAmount(purchase.amount)) : billingText.saveCard;

  return (
    <form className="form card-form" onSubmit={submit} noValidate>
      <p className="muted">
        {purchase ? (
          <>
            <strong>{purchase.plan.nickname}</strong> ·{' '}
            <span data-testid="card-intro">
              {cardModalIntro({
                kind: purchase.kind,
                purchase: { amount: purchase.amount, interval: purchase.plan.interval },
              })}
            </span>
          </>
        ) : (
          billingText.cardUpdateIntro
        )}
      </p>
      <Field label={billingText.cardName} autoComplete="cc-name" maxLength={200} {...form.register('name')} />
      {provider === 'stripe' && publishableKey ? (
        <StripeCardField publishableKey={publishableKey} register={registerStripe} />
      ) : (
        <>
          <Field
            label={billingText.cardNumber}
            autoComplete="cc-number"
            inputMode="numeric"
            placeholder="1234 1234 1234 1234"
            {...form.register('number', {
              onChange: (event) => form.setValue('number', formatCardNumber(event.target.value)),
            })}
          />
          <div className="field-pair">
            <Field
              label={billingText.cardExpiry}
              autoComplete="cc-exp"
              inputMode="numeric"
              placeholder="MM / YY"
              {...form.register('expiry', {
                onChange: (event) => form.setValue('expiry', formatExpiryInput(event.target.value)),
              })}
            />
            <Field
              label={billingText.cardCvc}
              autoComplete="cc-csc"
              inputMode="numeric"
              placeholder="123"
              maxLength={4}
              {...form.register('cvc', {
                onChange: (event) => form.setValue('cvc', event.target.value.replace(/\D/g, '')),
              })}
            />
          </div>
        </>
      )}
      <FormMessage {...form.notice} />
      <SubmitButton label={label} pending={pending} disabled={config.isPending} />
    </form>
  );
}
