import { useMutation } from '@tanstack/react-query';
import { messageFor, messages, normalizeEmail, type UpdateUserRequest } from '@tapeline/core';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession, useUser } from '../../app/session.tsx';
import { failureOf } from '../../lib/api.ts';
import { authApi } from '../../lib/authApi.ts';
import { Field } from '../../ui/Field.tsx';
import { FormMessage } from '../../ui/FormMessage.tsx';
import { NewPasswordFields } from '../../ui/NewPasswordFields.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { useToast } from '../../ui/toast.tsx';
import { accountUpdateError } from '../auth/validation.ts';
import { accountText } from './accountText.ts';

export function AccountTab() {
  const user = useUser();
  const { applyUpdate } = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const [email, setEmail] = useState(user.email);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [current, setCurrent] = useState('');
  const [error, setError] = useState<string | null>(null);

  const update = useMutation({
    mutationFn: authApi.updateUser,
    onSuccess: ({ user: updated, access_token, message }) => {
      applyUpdate(updated, access_token);
      setPassword('');
      setConfirm('');
      setCurrent('');
      // A verified address stays until the new one confirms: the email field shows the one in force.
      setEmail(updated.email);
      // A toast, not inline text: it must survive the move to /verify after an email change.
      toast(message ?? messages.profileUpdated, { tone: 'success' });
      if (!updated.email_verified) navigate('/verify', { replace: true });
    },
    onError: (err) => setError(messageFor('account', failureOf(err))),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = normalizeEmail(email);
    const emailChanged = address !== user.email;
    const problem = accountUpdateError(address, password, confirm, current, emailChanged);
    setError(problem);
    if (problem) return;
    // An empty password means "unchanged", so it is left out of the request.
    const body: UpdateUserRequest = { email: address };
    if (password) body.password = password;
    if (current) body.current_password = current;
    update.mutate(body);
  };

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
        <Field
          label={accountText.email}
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
        />
        <NewPasswordFields
          password={password}
          confirm={confirm}
          onPassword={setPassword}
          onConfirm={setConfirm}
        />
        <Field
          label={accountText.currentPassword}
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={setCurrent}
        />
        <FormMessage error={error} />
        <SubmitButton label={accountText.save} pending={update.isPending} />
      </form>
    </>
  );
}
