import { useMutation } from '@tanstack/react-query';
import { messageFor, messages } from '@tapeline/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { failureOf } from '../../lib/api.ts';
import { authApi } from '../../lib/authApi.ts';
import { Field } from '../../ui/Field.tsx';
import { FormMessage } from '../../ui/FormMessage.tsx';
import { useRuleForm } from '../../ui/form/useRuleForm.ts';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { AuthCard } from './AuthCard.tsx';
import { authText } from './authText.ts';
import { useLinkErrorToast } from './useLinkErrorToast.ts';
import { emailForm } from './validation.ts';

export function ForgotPasswordPage() {
  useLinkErrorToast(messages.resetInvalid);
  const form = useRuleForm(emailForm, { email: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);

  const send = useMutation({
    mutationFn: authApi.forgotPassword,
    onSuccess: (_answer, address) => setSentTo(address),
    onError: (err) => form.fail(messageFor('forgot', failureOf(err))),
  });

  const footer = <Link to="/login">{authText.backToLogin}</Link>;

  if (sentTo) {
    return (
      <AuthCard title={authText.forgotSentTitle} footer={footer}>
        <p className="lead">
          {authText.forgotSentTo} <strong>{sentTo}</strong>.
        </p>
        <p className="muted">{authText.forgotSentHint}</p>
        <button type="button" className="btn btn-secondary btn-block" onClick={() => setSentTo(null)}>
          {authText.tryAgain}
        </button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={authText.forgotTitle} footer={footer}>
      <p className="lead">{authText.forgotIntro}</p>
      <form className="form" onSubmit={form.submit(({ email }) => send.mutate(email))} noValidate>
        <Field label={authText.email} type="email" autoComplete="email" {...form.register('email')} />
        <FormMessage {...form.notice} />
        <SubmitButton label={authText.sendInstructions} pending={send.isPending} />
      </form>
    </AuthCard>
  );
}
