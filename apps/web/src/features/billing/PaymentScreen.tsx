import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@tapeline/core';
import { useState } from 'react';
import { useSession } from '../../app/session.tsx';
import { FormMessage } from '../../ui/FormMessage.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useToast } from '../../ui/toast.tsx';
import { billingKeys } from './billingApi.ts';
import { billingText } from './billingText.ts';
import { CardModal } from './CardModal.tsx';
import { formatExpiry, formatInvoiceDate, formatUsd } from './format.ts';
import { planNameOf } from './planRules.ts';
import { useCustomer, useHistory, usePlans } from './queries.ts';
import './billing.css';

/** Spec §2 Payment tab: the current card, an Update button with the card modal, history. */
export function PaymentScreen() {
  const customer = useCustomer();
  const [cardOpen, setCardOpen] = useState(false);
  const toast = useToast();
  const { refresh } = useSession();
  const queryClient = useQueryClient();

  return (
    <div className="payment-screen">
      <h2>{billingText.tabPayment}</h2>
      <section className="card-on-file" aria-label={billingText.currentCard}>
        <div>
          <h3 className="section-title">{billingText.currentCard}</h3>
          {customer.isPending ? (
            <Spinner />
          ) : customer.data ? (
            <p className="card-summary" data-testid="current-card">
              <span className="card-brand">{customer.data.card_kind}</span>
              <span className="card-digits">•••• {customer.data.card_last_4}</span>
              <span className="muted">
                {billingText.cardExpires}{' '}
                {formatExpiry(customer.data.card_exp_month, customer.data.card_exp_year)}
              </span>
            </p>
          ) : (
            <p className="muted">{billingText.noCard}</p>
          )}
        </div>
        <button type="button" className="btn btn-secondary" onClick={() => setCardOpen(true)}>
          {customer.data ? billingText.updateCard : billingText.addCard}
        </button>
      </section>

      <PaymentHistory />

      <CardModal
        open={cardOpen}
        onClose={() => setCardOpen(false)}
        purchase={null}
        onCardSaved={() => {
          setCardOpen(false);
          toast(billingText.cardSaved, { tone: 'success' });
          // A new card pays a past-due or unpaid subscription's invoice at once: the session's
          // subscription (and so the dashboard) and the history change with it.
          void queryClient.invalidateQueries({ queryKey: billingKeys.history });
          refresh();
        }}
      />
    </div>
  );
}

function PaymentHistory() {
  const history = useHistory();
  const plans = usePlans();
  const nicknameOf = (id: string | undefined) =>
    (id && (plans.data?.find((plan) => plan.id === id)?.nickname ?? planNameOf(id))) || '-';

  return (
    <section className="history" aria-labelledby="payment-history-title">
      <h3 className="section-title" id="payment-history-title">
        {billingText.history}
      </h3>
      {history.isPending ? (
        <Spinner />
      ) : history.isError ? (
        <FormMessage error={messages.billingHistoryFailed} />
      ) : history.data.data.length === 0 ? (
        <p className="muted">{billingText.historyEmpty}</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table" data-testid="payment-history">
            <thead>
              <tr>
                <th scope="col">{billingText.historyDate}</th>
                <th scope="col">{billingText.historyPlan}</th>
                <th scope="col" className="num">
                  {billingText.historyAmount}
                </th>
                <th scope="col">{billingText.historyStatus}</th>
              </tr>
            </thead>
            <tbody>
              {history.data.data.map((invoice) => (
                <tr key={invoice.id}>
                  <td>{formatInvoiceDate(invoice.created)}</td>
                  <td>{nicknameOf(invoice.lines.data[0]?.plan.id)}</td>
                  <td className="num">{formatUsd(invoice.total)}</td>
                  <td>{billingText.invoiceStatus[invoice.status] ?? invoice.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
