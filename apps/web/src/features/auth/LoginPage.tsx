import { useMutation } from '@tanstack/react-query';
import { homeFor, messageFor, messages, type SessionResponse } from '@tapeline/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../app/session.tsx';
import { failureOf } from '../../lib/api.ts';
import { authApi } from '../../lib/authApi.ts';
import { appStores } from '../../lib/session.ts';
import { takeSessionNotice } from '../../lib/sessionNotice.ts';
import { useConfig } from '../../lib/useConfig.ts';
import { Checkbox, Field } from '../../ui/Field.tsx';
import { FormMessage } from '../../ui/FormMessage.tsx';
import { useRuleForm } from '../../ui/form/useRuleForm.ts';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { AuthCard } from './AuthCard.tsx';
import { authText } from './authText.ts';
import { GoogleSignIn } from './GoogleSignIn.tsx';
import { useEmailChangedToast, useVerifiedArrival } from './useLinkErrorToast.ts';
import { loginForm } from './validation.ts';

const TO_REGISTER = { question: authText.loginNoAccount, to: '/register', link: authText.createAccount };

export function LoginPage() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const config = useConfig();
  // Sent here by an expired or ended session: say so once (spec §4 logs the user out on a 401).
  const [notice] = useState(() => (takeSessionNotice(appStores) ? messages.sessionExpired : null));
  const form = useRuleForm(loginForm, { email: '', password: '', remember: false }, notice);
  useEmailChangedToast();
  // Arrived from the mailed verification link: say it worked until the user does something.
  const verified = useVerifiedArrival();
  const standing = form.notice.error || form.notice.success ? form.notice : null;

  // Spec §4 "Login": unverified → /verify, unsubscribed → /profile, else /dashboard.
  const enter = ({ access_token, user }: SessionResponse) => {
    signIn(access_token, user, form.getValues('remember'));
    navigate(homeFor(user), { replace: true });
  };

  const login = useMutation({
    mutationFn: authApi.login,
    onSuccess: enter,
    onError: (err) => form.fail(messageFor('login', failureOf(err))),
  });
  const google = useMutation({
    mutationFn: authApi.google,
    onSuccess: enter,
    onError: (err) => form.fail(messageFor('google', failureOf(err))),
  });
  const busy = login.isPending || google.isPending;

  const send = form.submit(({ email, password }) => login.mutate({ email, password }));
  const clientId = config.data?.google_client_id ?? null;
  return (
    <AuthCard title={authText.loginTitle} elsewhere={TO_REGISTER}>
      <form className="form" onSubmit={send} noValidate>
        <Field label={authText.email} type="email" autoComplete="email" {...form.register('email')} />
        <Field
          label={authText.password}
          type="password"
          autoComplete="current-password"
          {...form.register('password')}
        />
        <div className="form-row">
          <Checkbox label={authText.keepSignedIn} {...form.register('remember')} />
          <Link to="/forgot-password" className="link-quiet">
            {authText.forgotPassword}
          </Link>
        </div>
        <FormMessage {...(standing ?? { success: verified ? messages.emailVerified : null })} />
        <SubmitButton label={authText.logIn} pending={login.isPending} disabled={google.isPending} />
      </form>
      {clientId ? (
        <>
          <div className="divider">
            <span>{authText.or}</span>
          </div>
          <GoogleSignIn
            clientId={clientId}
            busy={busy}
            onCredential={(idToken) => {
              form.fail(null);
              google.mutate({ id_token: idToken });
            }}
            onFailure={() => form.fail(messages.googleFailed)}
          />
        </>
      ) : null}
    </AuthCard>
  );
}
