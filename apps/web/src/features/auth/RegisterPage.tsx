import { useMutation } from '@tanstack/react-query';
import { messageFor } from '@tapeline/core';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { failureOf } from '../../lib/api.ts';
import { authApi } from '../../lib/authApi.ts';
import { rememberPlan } from '../../lib/plan.ts';
import { appStores } from '../../lib/session.ts';
import { Checkbox, Field } from '../../ui/Field.tsx';
import { FormMessage } from '../../ui/FormMessage.tsx';
import { useRuleForm } from '../../ui/form/useRuleForm.ts';
import { NewPasswordFields } from '../../ui/NewPasswordFields.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { AuthCard } from './AuthCard.tsx';
import { authText } from './authText.ts';
import { savePendingEmail } from './pendingEmail.ts';
import { registrationForm } from './validation.ts';

const TO_LOGIN = { question: authText.registerHaveAccount, to: '/login', link: authText.logIn };

export function RegisterPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const form = useRuleForm(registrationForm, { email: '', password: '', confirm: '', agreed: false });

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
    onError: (err) => form.fail(messageFor('signup', failureOf(err))),
  });

  const send = form.submit(({ email, password }) => signup.mutate({ email, password }));
  return (
    <AuthCard title={authText.registerTitle} elsewhere={TO_LOGIN}>
      <form className="form" onSubmit={send} noValidate>
        <Field label={authText.email} type="email" autoComplete="email" {...form.register('email')} />
        <NewPasswordFields hint={authText.passwordHint} register={form.register} />
        <Checkbox
          label={
            <>
              {authText.termsAgree}{' '}
              <Link to="/terms" target="_blank">
                {authText.termsLink}
              </Link>
            </>
          }
          {...form.register('agreed')}
        />
        <FormMessage {...form.notice} />
        <SubmitButton label={authText.signUp} pending={signup.isPending} disabled={!form.watch('agreed')} />
      </form>
    </AuthCard>
  );
}
