import { formatAlertTimestamp } from '../../lib/alerts/alertTime.ts';
import { useSendTestWebhooks, useWebhookDeliveries } from '../../lib/alerts/useAlerts.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { useToast } from '../../ui/toast.tsx';
import { notificationsText as text } from './notificationsText.ts';

/** The last 50 deliveries to the user's webhooks, newest first, and a test delivery to each URL. */
export function WebhookDeliveries() {
  const toast = useToast();
  const deliveries = useWebhookDeliveries(true);
  const test = useSendTestWebhooks();
  const cols = text.deliveryColumns;
  const sendTest = () =>
    test.mutate(undefined, {
      onSuccess: ({ queued }) => toast(text.testQueued(queued), { tone: queued > 0 ? 'success' : 'info' }),
      onError: () => toast(text.testFailed, { tone: 'error' }),
    });
  return (
    <section className="webhook-deliveries" aria-labelledby="webhook-deliveries-title">
      <div className="section-actions">
        <h3 id="webhook-deliveries-title" className="settings-subtitle">
          {text.deliveries}
        </h3>
        <button
          type="button"
          className="btn btn-secondary btn-small"
          disabled={test.isPending}
          onClick={sendTest}
        >
          {text.sendTest}
        </button>
      </div>
      {deliveries.isError ? (
        <p className="muted">{text.deliveriesFailed}</p>
      ) : !deliveries.data ? (
        <Spinner />
      ) : deliveries.data.deliveries.length === 0 ? (
        <p className="muted">{text.noDeliveries}</p>
      ) : (
        <div className="deliveries-scroll">
          <table className="deliveries" aria-labelledby="webhook-deliveries-title">
            <thead>
              <tr>
                <th scope="col">{cols.time}</th>
                <th scope="col">{cols.type}</th>
                <th scope="col">{cols.symbol}</th>
                <th scope="col">{cols.status}</th>
                <th scope="col">{cols.code}</th>
              </tr>
            </thead>
            <tbody>
              {deliveries.data.deliveries.map((d) => (
                <tr key={d.id} data-status={d.status}>
                  <td>{formatAlertTimestamp(d.created_at)}</td>
                  <td>{text.webhookTypes[d.type]}</td>
                  <td>{d.symbol}</td>
                  <td title={d.error ?? undefined}>{text.deliveryStatus[d.status]}</td>
                  <td>{d.response_status ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
