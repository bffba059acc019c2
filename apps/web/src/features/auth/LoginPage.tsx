import { useMutation } from '@tanstack/react-query';
import { homeFor, messageFor, messages, normalizeEmail, type SessionResponse } from '@tapeline/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../app/session.tsx';
import { failureOf } from '../../lib/api.ts';
import { authApi } from '../../lib/authApi.ts';
import { appStores } from '../../lib/session.ts';
import { takeSessionNotice } from '../../lib/sessionNotice.ts';
import { Checkbox, Field } from '../../ui/Field.tsx';
import { FormMessage } from '../../ui/FormMessage.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { AuthCard } from './AuthCard.tsx';
import { authText } from './authText.ts';
import { GoogleSignIn } from './GoogleSignIn.tsx';
import { useConfig } from './useConfig.ts';
import { useEmailChangedToast } from './useLinkErrorToast.ts';
import { loginError } from './validation.ts';

export function LoginPage() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const config = useConfig();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  // Sent here by an expired or ended session: say so once (spec §4 logs the user out on a 401).
  const [error, setError] = useState<string | null>(() =>
    takeSessionNotice(appStores) ? messages.sessionExpired : null,
  );
  useEmailChangedToast();

  // Spec §4 "Login": unverified → /verify, unsubscribed → /profile, else /dashboard.
  const enter = ({ access_token, user }: SessionResponse) => {
    signIn(access_token, user, remember);
    navigate(homeFor(user), { replace: true });
  };

  const login = useMutation({
    mutationFn: authApi.login,
    onSuccess: enter,
    onError: (err) => setError(messageFor('login', failureOf(err))),
  });
  const google = useMutation({
    mutationFn: authApi.google,
    onSuccess: enter,
    onError: (err) => setError(messageFor('google', failureOf(err))),
  });
  const busy = login.isPending || google.isPending;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = normalizeEmail(email);
    const problem = loginError(address, password);
    setError(problem);
    if (!problem) login.mutate({ email: address, password });
  };

  const clientId = config.data?.google_client_id ?? null;
  return (
    <AuthCard
      title={authText.loginTitle}
      footer={
        <>
          {authText.loginNoAccount} <Link to="/register">{authText.createAccount}</Link>
        </>
      }
    >
      <form className="form" onSubmit={submit} noValidate>
        <Field label={authText.email} type="email" autoComplete="email" value={email} onChange={setEmail} />
        <Field
          label={authText.password}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
        />
        <div className="form-row">
          <Checkbox label={authText.keepSignedIn} checked={remember} onChange={setRemember} />
          <Link to="/forgot-password" className="link-quiet">
            {authText.forgotPassword}
          </Link>
        </div>
        <FormMessage error={error} />
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
              setError(null);
              google.mutate({ id_token: idToken });
            }}
            onFailure={() => setError(messages.googleFailed)}
          />
        </>
      ) : null}
    </AuthCard>
  );
}
