import { useMutation } from '@tanstack/react-query';
import { type Coupon, messages } from '@tapeline/core';
import { type FormEvent, useId, useState } from 'react';
import { InlineSpinner } from '../../ui/Spinner.tsx';
import { billingApi } from './billingApi.ts';
import { couponErrorMessage } from './billingErrors.ts';
import { billingText } from './billingText.ts';

interface CouponFieldProps {
  code: string;
  onCodeChange: (code: string) => void;
  coupon: Coupon | null;
  onCoupon: (coupon: Coupon | null) => void;
}

/** Spec §5: the code is required; §8: an unknown code reads 'Invalid Coupon Code!'. */
export function CouponField({ code, onCodeChange, coupon, onCoupon }: CouponFieldProps) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const lookup = useMutation({
    mutationFn: billingApi.coupon,
    onSuccess: (found) => {
      setError(null);
      onCoupon(found);
    },
    onError: (err) => {
      onCoupon(null);
      setError(couponErrorMessage(err));
    },
  });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) {
      setError(messages.couponRequired);
      return;
    }
    lookup.mutate(trimmed);
  };

  if (coupon) {
    return (
      <div className="coupon coupon-applied" data-testid="coupon-applied">
        <span className="coupon-chip">{billingText.couponApplied(coupon.id, coupon.percent_off)}</span>
        <button
          type="button"
          className="btn-link"
          onClick={() => {
            onCoupon(null);
            onCodeChange('');
          }}
        >
          {billingText.removeCoupon}
        </button>
      </div>
    );
  }

  return (
    <form className="coupon" onSubmit={apply} noValidate>
      <label htmlFor={id} className="field-label">
        {billingText.couponLabel}
      </label>
      <div className="coupon-row">
        <input
          id={id}
          className="input"
          value={code}
          maxLength={64}
          autoComplete="off"
          autoCapitalize="characters"
          placeholder={billingText.couponPlaceholder}
          onChange={(event) => {
            onCodeChange(event.target.value);
            setError(null);
          }}
        />
        <button type="submit" className="btn btn-secondary" disabled={lookup.isPending}>
          {lookup.isPending ? <InlineSpinner /> : null}
          {billingText.applyCoupon}
        </button>
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
