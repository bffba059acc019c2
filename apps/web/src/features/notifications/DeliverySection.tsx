import { useMutation } from '@tanstack/react-query';
import type { AlertWebhook } from '@tapeline/core';
import { useState } from 'react';
import { disablePush, enablePush, usePushState } from '../../lib/push/index.ts';
import { InlineSpinner } from '../../ui/Spinner.tsx';
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

/** How long the browser's push service may take to answer before the toggle gives up and says so. */
export const PUSH_ANSWER_MS = 15_000;

class PushTimeout extends Error {}

/** `work`, or a PushTimeout when it has not settled within `ms` (it may still settle later). */
function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PushTimeout()), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * This browser's push: on or off, or why it cannot be (no support, blocked in the browser).
 * While the browser's push service is asked the toggle spins and says so; when none answers
 * within 15 s (no push service reachable), it stops and says that instead of waiting forever.
 */
function PushToggle() {
  const toast = useToast();
  const state = usePushState();
  const change = useMutation({
    mutationFn: (on: boolean) => withinTime(on ? enablePush() : disablePush(), PUSH_ANSWER_MS),
    onError: (error) =>
      toast(error instanceof PushTimeout ? text.pushNoAnswer : text.pushFailed, { tone: 'error' }),
  });
  const hint = change.isPending
    ? text.pushWorking
    : state === 'unsupported'
      ? text.pushUnsupported
      : state === 'denied'
        ? text.pushDenied
        : text.pushHint;
  const on = state === 'on';
  return (
    <div className="setting-row">
      <div className="setting-text">
        <label htmlFor="push-toggle" className="setting-label">
          {text.push}
        </label>
        <p className="setting-hint" id="push-toggle-hint" aria-live="polite">
          {change.isPending ? <InlineSpinner /> : null}
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
