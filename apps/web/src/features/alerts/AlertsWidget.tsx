import type { AlertHistoryItem } from '@tapeline/core';
import { useMemo, useState } from 'react';
import { useAlertHistory, useClearAlertHistory } from '../../lib/alerts/alertHistoryApi.ts';
import { formatAlertTime, formatAlertTimestamp } from '../../lib/alerts/alertTime.ts';
import { useMarketMinute } from '../../lib/marketClock.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useToast } from '../../ui/toast.tsx';
import type { WidgetProps } from '../../ui/widgetContract.ts';
import { OutcomeMoves } from '../alertLab/index.ts';
import { alertsMessages, alertsText } from './alertsText.ts';
import './alerts.css';

/** Items carry no id: date and message, numbered when the same alert fired twice at once. */
function itemKeys(items: readonly AlertHistoryItem[]): string[] {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const base = `${item.date}:${item.msg}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return `${base}:${n}`;
  });
}

function AlertDetail({ item, onBack }: { item: AlertHistoryItem; onBack(): void }) {
  return (
    <article className="alert-detail" aria-label={alertsText.detail}>
      <button type="button" className="alerts-link" onClick={onBack}>
        ‹ {alertsText.back}
      </button>
      <time className="alert-detail__time" dateTime={new Date(item.date).toISOString()}>
        {formatAlertTimestamp(item.date)}
      </time>
      <p className="alert-detail__msg">{item.msg}</p>
      {item.moves ? <OutcomeMoves moves={item.moves} /> : null}
    </article>
  );
}

/** The trader's fired alerts, newest first, with a detail view per item and a 'clear' link. */
export function AlertsWidget({ id }: WidgetProps) {
  const toast = useToast();
  const history = useAlertHistory();
  const now = useMarketMinute();
  // The item itself, not its index: a refresh that prepends new alerts must not swap the detail.
  const [open, setOpen] = useState<AlertHistoryItem | null>(null);
  // Clearing cannot be undone: it is asked first.
  const [asking, setAsking] = useState(false);
  const clear = useClearAlertHistory({
    onSuccess: () => {
      setOpen(null);
      toast(alertsMessages.cleared, { tone: 'success' });
    },
    onError: () => toast(alertsMessages.clearFailed, { tone: 'error' }),
  });

  const items = history.data;
  const keys = useMemo(() => itemKeys(items ?? []), [items]);
  return (
    <div className="alerts-widget" data-testid={`alerts-${id}`}>
      {open ? (
        <AlertDetail item={open} onBack={() => setOpen(null)} />
      ) : (
        <>
          <div className="alerts-head">
            <span className="muted">{items && items.length > 0 ? alertsText.count(items.length) : ''}</span>
            <button
              type="button"
              className="alerts-link"
              disabled={clear.isPending}
              onClick={() => setAsking(true)}
            >
              {alertsText.clear}
            </button>
          </div>
          {!items ? (
            <div className="alerts-state">
              {history.isError ? <p className="muted">{alertsText.failed}</p> : <Spinner />}
            </div>
          ) : items.length === 0 ? (
            <div className="alerts-state">
              <p className="muted">{alertsText.empty}</p>
            </div>
          ) : (
            <ul className="alerts-list" aria-label={alertsText.list}>
              {items.map((item, index) => (
                <li key={keys[index]}>
                  <button type="button" className="alerts-item" onClick={() => setOpen(item)}>
                    <time className="alerts-item__time" dateTime={new Date(item.date).toISOString()}>
                      {formatAlertTime(item.date, now)}
                    </time>
                    <span className="alerts-item__msg">
                      {item.msg}
                      {item.moves ? <OutcomeMoves moves={item.moves} /> : null}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {/* Mounted only while asking: one confirm dialog in the page at a time. */}
      {asking && (
        <ConfirmDialog
          open
          message={alertsText.clearQuestion}
          confirmLabel={alertsText.clearConfirm}
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            clear.mutate();
          }}
        />
      )}
    </div>
  );
}
