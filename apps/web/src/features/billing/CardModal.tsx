import { useQueryClient } from '@tanstack/react-query';
import { type Coupon, messages, type PlanOffer } from '@tapeline/core';
import { type FormEvent, useCallback, useRef, useState } from 'react';
import { Field } from '../../ui/Field.tsx';
import { FormMessage } from '../../ui/FormMessage.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { billingApi, billingKeys } from './billingApi.ts';
import { cardErrorMessage, subscriptionErrorMessage } from './billingErrors.ts';
import { billingText } from './billingText.ts';
import { formatCardNumber, formatExpiryInput, parseLocalCard } from './cardInput.ts';
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
  const [name, setName] = useState('');
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const stripeTokenize = useRef<Tokenize | null>(null);
  const registerStripe = useCallback((tokenize: Tokenize | null) => {
    stripeTokenize.current = tokenize;
  }, []);

  const provider = config.data?.provider;
  const publishableKey = config.data?.publishable_key ?? null;

  const tokenize: Tokenize = async (cardName) => {
    if (provider === 'stripe') {
      if (!stripeTokenize.current) throw new CardInputError(billingText.stripeLoadFailed);
      return stripeTokenize.current(cardName);
    }
    const card = parseLocalCard({ number, expiry, cvc }, new Date());
    if ('error' in card) throw new CardInputError(card.error);
    return (await billingApi.localToken({ ...card, name: cardName })).id;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const cardName = name.trim();
    if (!cardName) {
      setError(messages.cardNameRequired);
      return;
    }
    setError(null);
    setPending(true);
    try {
      let token: string;
      try {
        token = await tokenize(cardName);
        const customer = await billingApi.saveCustomer(token);
        queryClient.setQueryData(billingKeys.customer, customer);
      } catch (err) {
        setError(err instanceof CardInputError ? err.message : cardErrorMessage(err));
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
        setError(subscriptionErrorMessage(err));
      }
    } finally {
      setPending(false);
    }
  };

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
      <Field
        label={billingText.cardName}
        autoComplete="cc-name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        maxLength={200}
      />
      {provider === 'stripe' && publishableKey ? (
        <StripeCardField publishableKey={publishableKey} register={registerStripe} />
      ) : (
        <>
          <Field
            label={billingText.cardNumber}
            autoComplete="cc-number"
            inputMode="numeric"
            placeholder="1234 1234 1234 1234"
            value={number}
            onChange={(event) => setNumber(formatCardNumber(event.target.value))}
          />
          <div className="field-pair">
            <Field
              label={billingText.cardExpiry}
              autoComplete="cc-exp"
              inputMode="numeric"
              placeholder="MM / YY"
              value={expiry}
              onChange={(event) => setExpiry(formatExpiryInput(event.target.value))}
            />
            <Field
              label={billingText.cardCvc}
              autoComplete="cc-csc"
              inputMode="numeric"
              placeholder="123"
              maxLength={4}
              value={cvc}
              onChange={(event) => setCvc(event.target.value.replace(/\D/g, ''))}
            />
          </div>
        </>
      )}
      <FormMessage error={error} />
      <SubmitButton label={label} pending={pending} disabled={config.isPending} />
    </form>
  );
}
