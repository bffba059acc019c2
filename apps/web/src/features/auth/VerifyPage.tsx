import { useMutation } from '@tanstack/react-query';
import { messageFor, messages, normalizeEmail } from '@tapeline/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../app/session.tsx';
import { failureOf } from '../../lib/api.ts';
import { authApi } from '../../lib/authApi.ts';
import { readPendingEmail } from '../../lib/pendingEmail.ts';
import { uiText } from '../../lib/uiText.ts';
import { Field } from '../../ui/Field.tsx';
import { FormMessage } from '../../ui/FormMessage.tsx';
import { InlineSpinner } from '../../ui/Spinner.tsx';
import { AuthCard } from './AuthCard.tsx';
import { useLinkErrorToast } from './useLinkErrorToast.ts';
import { emailError } from './validation.ts';

export function VerifyPage() {
  const { state, logout } = useSession();
  useLinkErrorToast(messages.verifyLinkInvalid);
  const signedIn = state.status === 'authenticated';
  // The address to resend to: the signed-in user's, else the one just signed up with.
  const [knownEmail] = useState(() =>
    state.status === 'authenticated' ? state.user.email : readPendingEmail(),
  );
  const [typedEmail, setTypedEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const resend = useMutation({
    mutationFn: authApi.resendVerification,
    onSuccess: () => setSuccess(messages.resendSuccess),
    onError: (err) => setError(messageFor('resend', failureOf(err))),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = normalizeEmail(knownEmail ?? typedEmail);
    const problem = emailError(address);
    setError(problem);
    setSuccess(null);
    if (!problem) resend.mutate(address);
  };

  return (
    <AuthCard
      title={uiText.verifyTitle}
      footer={signedIn ? null : <Link to="/login">{uiText.backToLogin}</Link>}
    >
      <div className="verify-icon" aria-hidden="true">
        ✉
      </div>
      <form className="form" onSubmit={submit} noValidate>
        {knownEmail ? (
          <p className="lead">
            {uiText.verifySentTo} <strong data-testid="verify-email">{knownEmail}</strong>.{' '}
            {uiText.verifyOpenLink}
          </p>
        ) : (
          <>
            <p className="lead">{uiText.verifyAskEmail}</p>
            <Field
              label={uiText.email}
              type="email"
              autoComplete="email"
              value={typedEmail}
              onChange={setTypedEmail}
            />
          </>
        )}
        <FormMessage error={error} success={success} />
        <button type="submit" className="btn btn-secondary btn-block" disabled={resend.isPending}>
          {resend.isPending ? <InlineSpinner /> : null}
          {uiText.resendVerification}
        </button>
      </form>
      {signedIn ? (
        <button type="button" className="btn btn-ghost btn-block" onClick={logout}>
          {uiText.logOut}
        </button>
      ) : null}
    </AuthCard>
  );
}
