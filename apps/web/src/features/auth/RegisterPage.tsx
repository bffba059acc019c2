import { useMutation } from '@tanstack/react-query';
import { messageFor, normalizeEmail } from '@tapeline/core';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { failureOf } from '../../lib/api.ts';
import { authApi } from '../../lib/authApi.ts';
import { savePendingEmail } from '../../lib/pendingEmail.ts';
import { rememberPlan } from '../../lib/plan.ts';
import { appStores } from '../../lib/session.ts';
import { Checkbox, Field } from '../../ui/Field.tsx';
import { FormMessage } from '../../ui/FormMessage.tsx';
import { NewPasswordFields } from '../../ui/NewPasswordFields.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { AuthCard } from './AuthCard.tsx';
import { authText } from './authText.ts';
import { registrationError } from './validation.ts';

export function RegisterPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Spec §4 "Signup": the plan from the link preselects a plan on the plan screen later.
  useEffect(() => {
    rememberPlan(appStores.local, search);
  }, [search]);

  const signup = useMutation({
    mutationFn: authApi.signup,
    onSuccess: (_answer, request) => {
      savePendingEmail(request.email);
      navigate('/verify');
    },
    onError: (err) => setError(messageFor('signup', failureOf(err))),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = normalizeEmail(email);
    const problem = registrationError(address, password, confirm);
    setError(problem);
    if (!problem) signup.mutate({ email: address, password });
  };

  return (
    <AuthCard
      title={authText.registerTitle}
      footer={
        <>
          {authText.registerHaveAccount} <Link to="/login">{authText.logIn}</Link>
        </>
      }
    >
      <form className="form" onSubmit={submit} noValidate>
        <Field label={authText.email} type="email" autoComplete="email" value={email} onChange={setEmail} />
        <NewPasswordFields
          hint={authText.passwordHint}
          password={password}
          confirm={confirm}
          onPassword={setPassword}
          onConfirm={setConfirm}
        />
        <Checkbox label={authText.terms} checked={agreed} onChange={setAgreed} />
        <FormMessage error={error} />
        <SubmitButton label={authText.signUp} pending={signup.isPending} disabled={!agreed} />
      </form>
    </AuthCard>
  );
}
