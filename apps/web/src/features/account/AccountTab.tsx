import { useMutation } from '@tanstack/react-query';
import { messageFor, messages, type UpdateUserRequest } from '@tapeline/core';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useSession, useUser } from '../../app/session.tsx';
import { failureOf } from '../../lib/api.ts';
import { authApi } from '../../lib/authApi.ts';
import { Field } from '../../ui/Field.tsx';
import { FormMessage } from '../../ui/FormMessage.tsx';
import { useRuleForm } from '../../ui/form/useRuleForm.ts';
import { NewPasswordFields } from '../../ui/NewPasswordFields.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { useToast } from '../../ui/toast.tsx';
import { accountForm } from '../auth/index.ts';
import { accountText } from './accountText.ts';

export function AccountTab() {
  const user = useUser();
  const { applyUpdate } = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const rules = useMemo(() => accountForm(user.email), [user.email]);
  const form = useRuleForm(rules, { email: user.email, password: '', confirm: '', current: '' });

  const update = useMutation({
    mutationFn: authApi.updateUser,
    onSuccess: ({ user: updated, access_token, message }) => {
      applyUpdate(updated, access_token);
      // A verified address stays until the new one confirms: the email field shows the one in force.
      form.reset({ email: updated.email, password: '', confirm: '', current: '' });
      // A toast, not inline text: it must survive the move to /verify after an email change.
      toast(message ?? messages.profileUpdated, { tone: 'success' });
      if (!updated.email_verified) navigate('/verify', { replace: true });
    },
    onError: (err) => form.fail(messageFor('account', failureOf(err))),
  });

  const submit = form.submit(({ email, password, current }) => {
    // An empty password means "unchanged", so it is left out of the request.
    const body: UpdateUserRequest = { email };
    if (password) body.password = password;
    if (current) body.current_password = current;
    update.mutate(body);
  });

  return (
    <>
      <h2>{accountText.tabAccount}</h2>
      <p className="muted">{accountText.accountIntro}</p>
      {user.pending_email ? (
        <p className="form-message form-message-success" role="status">
          {accountText.pendingEmail(user.pending_email)}
        </p>
      ) : null}
      <form className="form form-narrow" onSubmit={submit} noValidate>
        <Field label={accountText.email} type="email" autoComplete="email" {...form.register('email')} />
        <NewPasswordFields register={form.register} />
        <Field
          label={accountText.currentPassword}
          type="password"
          autoComplete="current-password"
          {...form.register('current')}
        />
        <FormMessage {...form.notice} />
        <SubmitButton label={accountText.save} pending={update.isPending} />
      </form>
    </>
  );
}
