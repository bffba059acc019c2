import { useMutation } from '@tanstack/react-query';
import { messageFor, messages, RESET_REDIRECT_DELAY_MS } from '@tapeline/core';
import { useEffect } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { failureOf } from '../../lib/api.ts';
import { authApi } from '../../lib/authApi.ts';
import { FormMessage } from '../../ui/FormMessage.tsx';
import { useRuleForm } from '../../ui/form/useRuleForm.ts';
import { NewPasswordFields } from '../../ui/NewPasswordFields.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { useToast } from '../../ui/toast.tsx';
import { AuthCard } from './AuthCard.tsx';
import { authText } from './authText.ts';
import { newPasswordForm } from './validation.ts';

const INVALID_LINK = '/forgot-password?_t=invalid';
const DEAD_LINK_CODES = new Set(['invalid_token', 'link_expired']);

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const toast = useToast();
  const form = useRuleForm(newPasswordForm, { password: '', confirm: '' });

  const reset = useMutation({
    mutationFn: authApi.resetPassword,
    onSuccess: () => toast(messages.resetSuccess, { tone: 'success' }),
    onError: (err) => {
      const failure = failureOf(err);
      if (failure.kind === 'api' && DEAD_LINK_CODES.has(failure.code))
        navigate(INVALID_LINK, { replace: true });
      else form.fail(messageFor('reset', failure));
    },
  });

  // Spec §4: reset success shows a toast and goes to /login after 3 seconds.
  const done = reset.isSuccess;
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  if (!token) return <Navigate to={INVALID_LINK} replace />;

  return (
    <AuthCard title={authText.resetTitle} footer={<Link to="/login">{authText.backToLogin}</Link>}>
      <p className="lead">{authText.resetIntro}</p>
      <form
        className="form"
        onSubmit={form.submit(({ password }) => reset.mutate({ password, token }))}
        noValidate
      >
        <NewPasswordFields label={authText.newPassword} register={form.register} disabled={done} />
        <FormMessage {...form.notice} />
        <SubmitButton label={authText.resetPassword} pending={reset.isPending} disabled={done} />
      </form>
    </AuthCard>
  );
}
