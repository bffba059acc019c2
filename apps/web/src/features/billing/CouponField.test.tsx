import { type Coupon, couponSchema, messages } from '@tapeline/core';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok } from '../../test-setup/fakeApi.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { billingText } from './billingText.ts';
import { CouponField } from './CouponField.tsx';

/** The plan screen's side of the field: it owns the code and the applied coupon. */
function Harness() {
  const [code, setCode] = useState('');
  const [coupon, setCoupon] = useState<Coupon | null>(null);
  return (
    <>
      <CouponField code={code} onCodeChange={setCode} coupon={coupon} onCoupon={setCoupon} />
      <p>applied: {coupon ? coupon.id : 'none'}</p>
    </>
  );
}

const input = () => screen.getByLabelText(billingText.couponLabel);
const apply = () => screen.getByRole('button', { name: billingText.applyCoupon });

describe('CouponField', () => {
  it('needs a code before asking the server', async () => {
    const api = fakeApi();
    const { user } = renderUi(<Harness />);
    await user.click(apply());
    expect(screen.getByRole('alert')).toHaveTextContent(messages.couponRequired);
    expect(api.requests).toHaveLength(0);
  });

  it('applies a known code, shows its discount and can remove it', async () => {
    const api = fakeApi().on(
      'GET /api/stripe/coupon/SPRING20',
      ok(couponSchema, { id: 'SPRING20', name: 'Spring', percent_off: 20 }),
    );
    const { user } = renderUi(<Harness />);
    await user.type(input(), '  SPRING20 ');
    await user.click(apply());
    expect(await screen.findByText(billingText.couponApplied('SPRING20', 20))).toBeInTheDocument();
    expect(screen.getByText('applied: SPRING20')).toBeInTheDocument();
    expect(api.calls('GET /api/stripe/coupon/SPRING20')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: billingText.removeCoupon }));
    expect(screen.getByText('applied: none')).toBeInTheDocument();
    expect(input()).toHaveValue('');
  });

  it('an unknown code reads "Invalid Coupon Code!"', async () => {
    fakeApi().on('GET /api/stripe/coupon/NOPE', fail(404, 'resource_missing', 'No such coupon: NOPE'));
    const { user } = renderUi(<Harness />);
    await user.type(input(), 'NOPE');
    await user.click(apply());
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.couponInvalid);
    expect(screen.getByText('applied: none')).toBeInTheDocument();
  });

  it('any other failure says the discount is invalid, and typing clears the error', async () => {
    fakeApi().on('GET /api/stripe/coupon/ODD', fail(500, 'internal'));
    const { user } = renderUi(<Harness />);
    await user.type(input(), 'ODD');
    await user.click(apply());
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.discountInvalid);
    await user.type(input(), 'X');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
