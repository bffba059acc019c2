import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API_KEY_NAME_MAX,
  API_KEY_SCOPES,
  API_KEYS_MAX,
  type ApiKeyScope,
  type ApiKeyView,
  apiKeyMessages,
  createApiKeyRequestSchema,
  messages,
} from '@tapeline/core';
import { type FormEvent, useState } from 'react';
import { detailOf, failureOf } from '../../lib/api.ts';
import { Checkbox, Field } from '../../ui/Field.tsx';
import { FormMessage } from '../../ui/FormMessage.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { useToast } from '../../ui/toast.tsx';
import { accountText } from './accountText.ts';
import { apiKeysApi, apiKeysKeys } from './apiKeysApi.ts';

const text = accountText.api;
const day = (iso: string | null) => (iso ? iso.slice(0, 10) : text.never);

/** The server's own wording of a refusal (the limit, a bad name), else the generic one. */
const refusal = (error: unknown) =>
  failureOf(error).kind === 'network'
    ? messages.serviceNotAvailable
    : (detailOf(error) ?? messages.unknownProblem);

/**
 * Profile → API (docs/api.md): create a named key with scopes (shown once), list the live ones
 * with prefix, scopes and dates, revoke at once.
 */
export function ApiTab() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const keys = useQuery({ queryKey: apiKeysKeys.list, queryFn: apiKeysApi.list });
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['market:read']);
  const [problem, setProblem] = useState<string | null>(null);
  const [shown, setShown] = useState<string | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: apiKeysKeys.list });
  const create = useMutation({
    mutationFn: apiKeysApi.create,
    onSuccess: ({ key }) => {
      setShown(key);
      setName('');
      void refresh();
    },
    onError: (error) => setProblem(refusal(error)),
  });
  const revoke = useMutation({
    mutationFn: (key: ApiKeyView) => apiKeysApi.revoke(key.id),
    onSuccess: () => {
      toast(text.revoked, { tone: 'success' });
      void refresh();
    },
    onError: (error) => toast(refusal(error), { tone: 'error' }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createApiKeyRequestSchema.safeParse({ name, scopes });
    if (!parsed.success) {
      const path = parsed.error.issues[0]?.path[0];
      setProblem(path === 'scopes' ? apiKeyMessages.scopesRequired : apiKeyMessages.nameRequired);
      return;
    }
    setProblem(null);
    setShown(null);
    create.mutate(parsed.data);
  };
  const toggle = (scope: ApiKeyScope, on: boolean) =>
    setScopes((held) => (on ? [...held, scope] : held.filter((s) => s !== scope)));

  const list = keys.data?.api_keys ?? [];
  const full = list.length >= API_KEYS_MAX;
  return (
    <>
      <h2>{accountText.tabApi}</h2>
      <p className="muted">
        {text.intro}{' '}
        <a href="/api/docs" target="_blank" rel="noreferrer">
          {text.reference}
        </a>
      </p>
      <form className="form form-narrow" onSubmit={submit} noValidate aria-label={text.create}>
        <Field
          label={text.name}
          value={name}
          maxLength={API_KEY_NAME_MAX}
          onChange={(event) => setName(event.target.value)}
        />
        <fieldset className="api-scopes">
          <legend>{text.scopes}</legend>
          {API_KEY_SCOPES.map((scope) => (
            <Checkbox
              key={scope}
              label={text.scopeLabels[scope]}
              checked={scopes.includes(scope)}
              onChange={(event) => toggle(scope, event.target.checked)}
            />
          ))}
        </fieldset>
        <FormMessage error={problem} />
        <SubmitButton label={text.create} pending={create.isPending} disabled={full} />
      </form>
      {shown ? (
        <div className="form-message form-message-success" role="status">
          <p>{text.shownOnce}</p>
          <output aria-label={text.newKey} className="api-key-once">
            {shown}
          </output>
        </div>
      ) : null}
      <h3>
        {text.keys} <span className="muted">({text.count(list.length, API_KEYS_MAX)})</span>
      </h3>
      {keys.isPending ? (
        <Spinner />
      ) : list.length === 0 ? (
        <p className="muted">{text.none}</p>
      ) : (
        <table className="api-keys">
          <thead>
            <tr>
              <th>{text.name}</th>
              <th>{text.prefix}</th>
              <th>{text.scopes}</th>
              <th>{text.created}</th>
              <th>{text.lastUsed}</th>
              <th aria-label={text.revoke} />
            </tr>
          </thead>
          <tbody>
            {list.map((key) => (
              <tr key={key.id}>
                <td>{key.name}</td>
                <td>
                  <code>{key.prefix}…</code>
                </td>
                <td>{key.scopes.join(', ')}</td>
                <td>{day(key.created_at)}</td>
                <td>{day(key.last_used_at)}</td>
                <td>
                  <button
                    type="button"
                    className="btn btn-ghost"
                    aria-label={text.revokeNamed(key.name)}
                    disabled={revoke.isPending}
                    onClick={() => revoke.mutate(key)}
                  >
                    {text.revoke}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
