import { useMutation } from '@tanstack/react-query';
import { messageFor, messages, normalizeEmail } from '@tapeline/core';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession, useUser } from '../../app/session.tsx';
import { failureOf } from '../../lib/api.ts';
import { authApi } from '../../lib/authApi.ts';
import { uiText } from '../../lib/uiText.ts';
import { Field } from '../../ui/Field.tsx';
import { FormMessage } from '../../ui/FormMessage.tsx';
import { NewPasswordFields } from '../../ui/NewPasswordFields.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { useToast } from '../../ui/toast.tsx';
import { accountUpdateError } from '../auth/validation.ts';

export function AccountTab() {
  const user = useUser();
  const { applyUpdate } = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const [email, setEmail] = useState(user.email);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);

  const update = useMutation({
    mutationFn: authApi.updateUser,
    onSuccess: ({ user: updated, access_token }) => {
      applyUpdate(updated, access_token);
      setPassword('');
      setConfirm('');
      // A toast, not inline text: it must survive the move to /verify after an email change.
      toast(messages.profileUpdated, { tone: 'success' });
      if (!updated.email_verified) navigate('/verify', { replace: true });
    },
    onError: (err) => setError(messageFor('account', failureOf(err))),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = normalizeEmail(email);
    const problem = accountUpdateError(address, password, confirm);
    setError(problem);
    // An empty password means "unchanged", so it is left out of the request.
    if (!problem) update.mutate(password ? { email: address, password } : { email: address });
  };

  return (
    <>
      <h2>{uiText.tabAccount}</h2>
      <p className="muted">{uiText.accountIntro}</p>
      <form className="form form-narrow" onSubmit={submit} noValidate>
        <Field label={uiText.email} type="email" autoComplete="email" value={email} onChange={setEmail} />
        <NewPasswordFields
          password={password}
          confirm={confirm}
          onPassword={setPassword}
          onConfirm={setConfirm}
        />
        <FormMessage error={error} />
        <SubmitButton label={uiText.save} pending={update.isPending} />
      </form>
    </>
  );
}
