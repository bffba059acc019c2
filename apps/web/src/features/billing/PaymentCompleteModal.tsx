import { isActive, messages } from '@tapeline/core';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useSession, useUser } from '../../app/session.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { InlineSpinner } from '../../ui/Spinner.tsx';
import { billingText } from './billingText.ts';
import { paymentComplete, usePaymentGoing, usePaymentOutcome } from './paymentComplete.ts';
import './billing.css';

/** Spec §4: after a successful payment, 'Payment complete' leads to /dashboard. */
export function PaymentCompleteModal() {
  const outcome = usePaymentOutcome();
  const user = useUser();
  const { refresh } = useSession();
  const navigate = useNavigate();
  const waiting = usePaymentGoing();
  const active = isActive(user.subscription);

  useEffect(() => {
    if (!waiting || !active) return;
    paymentComplete.hide();
    navigate('/dashboard');
  }, [waiting, active, navigate]);

  // The route gate lets the user into /dashboard once the session's user has the subscription;
  // if that refetch has not landed yet, ask again and go when it does.
  const go = () => {
    if (!active) refresh();
    paymentComplete.go();
  };

  return (
    <Modal
      open={outcome !== null}
      title={messages.paymentComplete}
      onClose={go}
      hideClose
      testId="payment-complete"
      className="modal-centered"
    >
      <div className="payment-complete">
        <span className="payment-complete-mark" aria-hidden="true" />
        <p>
          {outcome === 'changed'
            ? billingText.paymentCompleteChangeText
            : outcome === 'charged'
              ? billingText.paymentCompleteChargedText
              : billingText.paymentCompleteText}
        </p>
        <button type="button" className="btn btn-primary btn-block" onClick={go} disabled={waiting}>
          {waiting ? <InlineSpinner /> : null}
          {billingText.goToDashboard}
        </button>
      </div>
    </Modal>
  );
}
