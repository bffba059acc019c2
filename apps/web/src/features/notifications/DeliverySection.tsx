import type { AlertWebhook } from '@tapeline/core';
import { useState } from 'react';
import { useToast } from '../../ui/toast.tsx';
import { notificationsText as text } from './notificationsText.ts';
import { pushAdapter } from './pushAdapter.ts';
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

function PushToggle() {
  const toast = useToast();
  const support = pushAdapter.support();
  const { enabled, pending } = pushAdapter.useState();
  const change = (on: boolean) =>
    void (on ? pushAdapter.enable() : pushAdapter.disable()).catch(() =>
      toast(text.pushFailed, { tone: 'error' }),
    );
  const hint =
    support === 'unsupported' ? text.pushUnsupported : support === 'denied' ? text.pushDenied : text.pushHint;
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
        checked={enabled}
        aria-checked={enabled}
        aria-describedby="push-toggle-hint"
        disabled={support !== 'supported' || pending}
        onChange={(event) => change(event.target.checked)}
      />
    </div>
  );
}
