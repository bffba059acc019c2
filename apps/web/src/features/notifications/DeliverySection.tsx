import { useMutation } from '@tanstack/react-query';
import type { AlertWebhook } from '@tapeline/core';
import { useState } from 'react';
import { disablePush, enablePush, usePushState } from '../../lib/push/index.ts';
import { useToast } from '../../ui/toast.tsx';
import { notificationsText as text } from './notificationsText.ts';
import { SectionHead } from './SectionHead.tsx';
import { WebhookModal } from './WebhookModal.tsx';

/** Where alerts go besides the open tabs: this browser's push, and the user's webhooks. */
export function DeliverySection({ webhook, secret }: { webhook: AlertWebhook; secret: string }) {
  const [open, setOpen] = useState(false);
  return (
    <section className="settings-section" aria-labelledby="notify-delivery">
      <SectionHead id="notify-delivery" title={text.sections.delivery} hint={text.hints.delivery} />
      <PushToggle />
      <div className="setting-row">
        <div className="setting-text">
          <span className="setting-label">{text.webhooks}</span>
          <p className="setting-hint">{text.webhooksHint}</p>
        </div>
        <button type="button" className="btn btn-secondary" onClick={() => setOpen(true)}>
          {text.webhookSettings}
        </button>
      </div>
      <WebhookModal open={open} webhook={webhook} secret={secret} onClose={() => setOpen(false)} />
    </section>
  );
}

/** This browser's push: on or off, or why it cannot be (no support, blocked in the browser). */
function PushToggle() {
  const toast = useToast();
  const state = usePushState();
  const change = useMutation({
    mutationFn: (on: boolean) => (on ? enablePush() : disablePush()),
    onError: () => toast(text.pushFailed, { tone: 'error' }),
  });
  const hint =
    state === 'unsupported' ? text.pushUnsupported : state === 'denied' ? text.pushDenied : text.pushHint;
  const on = state === 'on';
  return (
    <div className="setting-row">
      <div className="setting-text">
        <label htmlFor="push-toggle" className="setting-label">
          {text.push}
        </label>
        <p className="setting-hint" id="push-toggle-hint">
          {hint}
        </p>
      </div>
      <input
        id="push-toggle"
        type="checkbox"
        role="switch"
        className="switch"
        checked={on}
        aria-checked={on}
        aria-describedby="push-toggle-hint"
        disabled={state === 'unsupported' || state === 'denied' || change.isPending}
        onChange={(event) => change.mutate(event.target.checked)}
      />
    </div>
  );
}
