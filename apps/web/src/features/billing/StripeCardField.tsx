import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { useEffect, useRef, useState } from 'react';
import { billingText } from './billingText.ts';
import { CardInputError, type Tokenize } from './tokenize.ts';

let stripePromise: Promise<Stripe | null> | null = null;

/** Stripe.js is fetched only here, so only when the server's provider is 'stripe'. */
function loadStripeOnce(publishableKey: string): Promise<Stripe | null> {
  if (!stripePromise) {
    stripePromise = import('@stripe/stripe-js/pure').then(({ loadStripe }) => loadStripe(publishableKey));
    stripePromise.catch(() => {
      stripePromise = null;
    });
  }
  return stripePromise;
}

const ELEMENT_STYLE = {
  base: {
    color: '#e6edf3',
    fontSize: '15px',
    fontFamily: 'Inter, ui-sans-serif, system-ui, sans-serif',
    '::placeholder': { color: '#5d6b7d' },
  },
  invalid: { color: '#ff9fb3' },
};

/** Stripe Elements' card element; the card number is validated by the element itself. */
export function StripeCardField({
  publishableKey,
  register,
}: {
  publishableKey: string;
  register: (tokenize: Tokenize | null) => void;
}) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let card: StripeCardElement | null = null;
    let cancelled = false;
    loadStripeOnce(publishableKey)
      .then((stripe) => {
        if (cancelled || !mountRef.current) return;
        if (!stripe) throw new Error('no stripe');
        const element = stripe.elements().create('card', { style: ELEMENT_STYLE, hidePostalCode: true });
        card = element;
        element.mount(mountRef.current);
        element.on('ready', () => setReady(true));
        element.on('change', (event) => setProblem(event.error?.message ?? null));
        register(async (name) => {
          const { token, error } = await stripe.createToken(element, { name });
          if (error || !token) throw new CardInputError(error?.message ?? billingText.stripeLoadFailed);
          return token.id;
        });
      })
      .catch(() => {
        if (!cancelled) setProblem(billingText.stripeLoadFailed);
      });
    return () => {
      cancelled = true;
      register(null);
      card?.destroy();
    };
  }, [publishableKey, register]);

  return (
    <div className="field">
      <span className="field-label">{billingText.cardElement}</span>
      <div ref={mountRef} className="stripe-card" data-ready={ready} />
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
