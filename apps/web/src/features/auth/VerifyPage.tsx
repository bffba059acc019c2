import { useMutation } from '@tanstack/react-query';
import { messageFor, messages, normalizeEmail } from '@tapeline/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../app/session.tsx';
import { failureOf } from '../../lib/api.ts';
import { authApi } from '../../lib/authApi.ts';
import { readPendingEmail } from '../../lib/pendingEmail.ts';
import { Field } from '../../ui/Field.tsx';
import { FormMessage } from '../../ui/FormMessage.tsx';
import { InlineSpinner } from '../../ui/Spinner.tsx';
import { AuthCard } from './AuthCard.tsx';
import { authText } from './authText.ts';
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
      title={authText.verifyTitle}
      footer={signedIn ? null : <Link to="/login">{authText.backToLogin}</Link>}
    >
      <div className="verify-icon" aria-hidden="true">
        ✉
      </div>
      <form className="form" onSubmit={submit} noValidate>
        {knownEmail ? (
          <p className="lead">
            {authText.verifySentTo} <strong data-testid="verify-email">{knownEmail}</strong>.{' '}
            {authText.verifyOpenLink}
          </p>
        ) : (
          <>
            <p className="lead">{authText.verifyAskEmail}</p>
            <Field
              label={authText.email}
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
          {authText.resendVerification}
        </button>
      </form>
      {signedIn ? (
        <button type="button" className="btn btn-ghost btn-block" onClick={logout}>
          {authText.logOut}
        </button>
      ) : null}
    </AuthCard>
  );
}
