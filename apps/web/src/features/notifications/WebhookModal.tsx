import { type AlertWebhook, alertMessages, WEBHOOK_TYPES, webhookUrlProblem } from '@tapeline/core';
import { type ReactNode, useState } from 'react';
import { z } from 'zod';
import { isInvalidWebhook, useRotateWebhookSecret, useSaveWebhook } from '../../lib/alerts/useAlerts.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { copyText } from '../../ui/copyText.ts';
import { Field } from '../../ui/Field.tsx';
import { FormMessage } from '../../ui/FormMessage.tsx';
import { formRules } from '../../ui/form/formRules.ts';
import { useRuleForm } from '../../ui/form/useRuleForm.ts';
import { Modal } from '../../ui/Modal.tsx';
import { InlineSpinner } from '../../ui/Spinner.tsx';
import { useToast } from '../../ui/toast.tsx';
import { notificationsText as text } from './notificationsText.ts';
import { WebhookDeliveries } from './WebhookDeliveries.tsx';

interface WebhookModalProps {
  open: boolean;
  webhook: AlertWebhook;
  secret: string;
  onClose: () => void;
}

/** Spec §2 Webhook setting: one URL per type, the signing secret, and the last deliveries. */
export function WebhookModal({ open, webhook, secret, onClose }: WebhookModalProps) {
  return (
    <Modal
      open={open}
      title={text.webhookSettings}
      onClose={onClose}
      testId="webhook-modal"
      className="modal-wide"
    >
      {open ? (
        // Cancel and Save close the modal, below everything it shows: the URLs, the secret they
        // are signed with, the last deliveries.
        <WebhookForm webhook={webhook} onDone={onClose}>
          <SigningSecret secret={secret} />
          <WebhookDeliveries />
        </WebhookForm>
      ) : null}
    </Modal>
  );
}

// §5: each URL empty or valid (core's rule, the one the server applies); one message for all.
const webhookForm = formRules(
  Object.fromEntries(WEBHOOK_TYPES.map((t) => [t, z.string()])) as Record<
    (typeof WEBHOOK_TYPES)[number],
    z.ZodString
  >,
  // The page checks the form (scheme, no credentials, a host); which addresses are allowed is the
  // server's to say (WEBHOOK_ALLOW_PRIVATE on a self-hosted LAN), and it answers in the same words.
  (urls) =>
    WEBHOOK_TYPES.map((t) => webhookUrlProblem(urls[t], { allowPrivate: true })).find((p) => p !== null) ??
    null,
);

function WebhookForm({
  webhook,
  onDone,
  children,
}: {
  webhook: AlertWebhook;
  onDone: () => void;
  children?: ReactNode;
}) {
  const toast = useToast();
  const save = useSaveWebhook();
  const form = useRuleForm(
    webhookForm,
    Object.fromEntries(WEBHOOK_TYPES.map((t) => [t, webhook[t] ?? ''])) as Record<
      (typeof WEBHOOK_TYPES)[number],
      string
    >,
  );
  const submit = form.submit((urls) => {
    const next = Object.fromEntries(WEBHOOK_TYPES.map((t) => [t, urls[t].trim()])) as AlertWebhook;
    save.mutate(next, {
      onSuccess: () => {
        toast(alertMessages.webhookUpdated, { tone: 'success' });
        onDone();
      },
      onError: (error) =>
        // The server looked the host up and found it private: the §5 message, beside the fields.
        isInvalidWebhook(error)
          ? form.fail(alertMessages.webhookInvalid)
          : toast(alertMessages.webhookFailed, { tone: 'error' }),
    });
  });
  return (
    <form className="form webhook-form" onSubmit={submit} noValidate>
      {WEBHOOK_TYPES.map((t) => (
        <Field
          key={t}
          label={text.webhookUrlOf(text.webhookTypes[t])}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder={text.urlPlaceholder}
          {...form.register(t)}
        />
      ))}
      <FormMessage {...form.notice} />
      {children}
      <div className="actions modal-actions">
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          {text.cancel}
        </button>
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? <InlineSpinner /> : null}
          {text.save}
        </button>
      </div>
    </form>
  );
}

/** The whsec_… secret each delivery is signed with (Standard Webhooks), with Copy and Rotate. */
function SigningSecret({ secret }: { secret: string }) {
  const toast = useToast();
  const rotate = useRotateWebhookSecret();
  const [asking, setAsking] = useState(false);
  const copy = async () => {
    if (await copyText(secret)) toast(text.copied, { tone: 'success', durationMs: 2000 });
  };
  const confirm = () => {
    setAsking(false);
    rotate.mutate(undefined, {
      onSuccess: () => toast(text.rotated, { tone: 'success' }),
      onError: () => toast(text.rotateFailed, { tone: 'error' }),
    });
  };
  return (
    <section className="webhook-secret" aria-labelledby="webhook-secret-title">
      <h3 id="webhook-secret-title" className="settings-subtitle">
        {text.secret}
      </h3>
      <p className="setting-hint">{text.secretHint}</p>
      <div className="secret-line">
        <code data-testid="webhook-secret">{secret}</code>
        <button type="button" className="btn btn-secondary btn-small" onClick={() => void copy()}>
          {text.copy}
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-small"
          disabled={rotate.isPending}
          onClick={() => setAsking(true)}
        >
          {text.rotate}
        </button>
      </div>
      <ConfirmDialog
        open={asking}
        message={text.rotateQuestion}
        confirmLabel={text.rotate}
        cancelLabel={text.cancel}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      />
    </section>
  );
}
