import { useMutation } from '@tanstack/react-query';
import { messageFor, messages, normalizeEmail } from '@tapeline/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { failureOf } from '../../lib/api.ts';
import { authApi } from '../../lib/authApi.ts';
import { Field } from '../../ui/Field.tsx';
import { FormMessage } from '../../ui/FormMessage.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { AuthCard } from './AuthCard.tsx';
import { authText } from './authText.ts';
import { useLinkErrorToast } from './useLinkErrorToast.ts';
import { emailError } from './validation.ts';

export function ForgotPasswordPage() {
  useLinkErrorToast(messages.resetInvalid);
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const send = useMutation({
    mutationFn: authApi.forgotPassword,
    onSuccess: (_answer, address) => setSentTo(address),
    onError: (err) => setError(messageFor('forgot', failureOf(err))),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = normalizeEmail(email);
    const problem = emailError(address);
    setError(problem);
    if (!problem) send.mutate(address);
  };

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
      <form className="form" onSubmit={submit} noValidate>
        <Field label={authText.email} type="email" autoComplete="email" value={email} onChange={setEmail} />
        <FormMessage error={error} />
        <SubmitButton label={authText.sendInstructions} pending={send.isPending} />
      </form>
    </AuthCard>
  );
}
