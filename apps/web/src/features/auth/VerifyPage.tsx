import { useMutation } from '@tanstack/react-query';
import { messageFor, messages } from '@tapeline/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../app/session.tsx';
import { failureOf } from '../../lib/api.ts';
import { authApi } from '../../lib/authApi.ts';
import { Field } from '../../ui/Field.tsx';
import { FormMessage } from '../../ui/FormMessage.tsx';
import { useRuleForm } from '../../ui/form/useRuleForm.ts';
import { Mail } from '../../ui/icons.ts';
import { InlineSpinner } from '../../ui/Spinner.tsx';
import { AuthCard } from './AuthCard.tsx';
import { authText } from './authText.ts';
import { readPendingEmail } from './pendingEmail.ts';
import { useLinkErrorToast } from './useLinkErrorToast.ts';
import { emailForm } from './validation.ts';

export function VerifyPage() {
  const { state, logout } = useSession();
  useLinkErrorToast(messages.verifyLinkInvalid);
  const signedIn = state.status === 'authenticated';
  // The address to resend to: the signed-in user's, else the one just signed up with.
  const [knownEmail] = useState(() =>
    state.status === 'authenticated' ? state.user.email : readPendingEmail(),
  );
  // With an address known the field is not shown, and the form sends that address.
  const form = useRuleForm(emailForm, { email: knownEmail ?? '' });

  const resend = useMutation({
    mutationFn: authApi.resendVerification,
    onSuccess: () => form.succeed(messages.resendSuccess),
    onError: (err) => form.fail(messageFor('resend', failureOf(err))),
  });

  return (
    <AuthCard
      title={authText.verifyTitle}
      footer={signedIn ? null : <Link to="/login">{authText.backToLogin}</Link>}
    >
      <div className="verify-icon" aria-hidden="true">
        <Mail size={28} />
      </div>
      <form className="form" onSubmit={form.submit(({ email }) => resend.mutate(email))} noValidate>
        {knownEmail ? (
          <p className="lead">
            {authText.verifySentTo} <strong data-testid="verify-email">{knownEmail}</strong>.{' '}
            {authText.verifyOpenLink}
          </p>
        ) : (
          <>
            <p className="lead">{authText.verifyAskEmail}</p>
            <Field label={authText.email} type="email" autoComplete="email" {...form.register('email')} />
          </>
        )}
        <FormMessage {...form.notice} />
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
