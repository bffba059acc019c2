import {
  API_KEYS_MAX,
  type ApiKeyView,
  apiKeyListSchema,
  apiKeyMessages,
  createdApiKeySchema,
  successAnswerSchema,
} from '@tapeline/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FakeApi, fail, fakeApi, ok } from '../../test-setup/fakeApi.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { signedIn, subscription, withSession } from '../../test-setup/session.tsx';
import { ApiTab } from './ApiTab.tsx';

const KEY = 'tl_live_AbCdEfGhIjKlMnOp_q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6j7k8l9z0x1c';
const view = (n: number, over: Partial<ApiKeyView> = {}): ApiKeyView => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `bot ${n}`,
  prefix: `tl_live_AbCdEfGhIjKlMn${String(n).padStart(2, '0')}`,
  scopes: ['market:read'],
  created_at: '2026-11-20T14:30:00.000Z',
  last_used_at: null,
  ...over,
});

function renderTab(api: FakeApi) {
  signedIn(api, { subscription: subscription('pro') });
  return renderUi(<ApiTab />, { at: '/profile/api', path: '/profile/api', wrap: withSession });
}

describe('ApiTab', () => {
  it('creates a key with a name and scopes and shows it once', async () => {
    const api = fakeApi()
      .on('GET /api/api_keys', ok(apiKeyListSchema, { api_keys: [] }))
      .on(
        'POST /api/api_keys',
        ok(createdApiKeySchema, {
          key: KEY,
          api_key: view(1, { name: 'scanner', scopes: ['market:read', 'alerts:read'] }),
        }),
      );
    const { user } = renderTab(api);
    expect(await screen.findByText('No keys yet.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Key name'), 'scanner');
    await user.click(screen.getByLabelText(/^alerts:read/));
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByLabelText('New API key')).toHaveTextContent(KEY);
    expect(screen.getByText('Copy this key now: it is shown only once.')).toBeInTheDocument();
    expect(api.calls('POST /api/api_keys')[0]?.body).toEqual({
      name: 'scanner',
      scopes: ['market:read', 'alerts:read'],
    });
  });

  it('asks for a name and a scope before calling', async () => {
    const api = fakeApi().on('GET /api/api_keys', ok(apiKeyListSchema, { api_keys: [] }));
    const { user } = renderTab(api);
    await user.click(await screen.findByRole('button', { name: 'Create key' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(apiKeyMessages.nameRequired);
    await user.type(screen.getByLabelText('Key name'), 'x');
    await user.click(screen.getByLabelText(/^market:read/));
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(apiKeyMessages.scopesRequired);
    expect(api.calls('POST /api/api_keys')).toHaveLength(0);
  });

  it('lists keys by prefix, scopes and dates, never a secret, and revokes one', async () => {
    const api = fakeApi()
      .on(
        'GET /api/api_keys',
        ok(apiKeyListSchema, { api_keys: [view(1, { last_used_at: '2026-11-21T10:00:00.000Z' }), view(2)] }),
      )
      .on(`DELETE /api/api_keys/${view(2).id}`, ok(successAnswerSchema, { success: true }));
    const { user } = renderTab(api);
    const row = (await screen.findByText('bot 1')).closest('tr') as HTMLElement;
    expect(within(row).getByText(`${view(1).prefix}…`)).toBeInTheDocument();
    expect(within(row).getByText('2026-11-21')).toBeInTheDocument();
    expect(screen.getByText('(2 of 10 keys)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Revoke bot 2' }));
    expect(await screen.findByText('Key revoked')).toBeInTheDocument();
    expect(api.calls(`DELETE /api/api_keys/${view(2).id}`)).toHaveLength(1);
  });

  it(`cannot create past ${API_KEYS_MAX} keys`, async () => {
    const many = Array.from({ length: API_KEYS_MAX }, (_, i) => view(i + 1));
    renderTab(fakeApi().on('GET /api/api_keys', ok(apiKeyListSchema, { api_keys: many })));
    expect(await screen.findByText(`bot ${API_KEYS_MAX}`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create key' })).toBeDisabled();
  });

  it("shows the server's refusal in its words", async () => {
    const api = fakeApi()
      .on('GET /api/api_keys', ok(apiKeyListSchema, { api_keys: [] }))
      .on('POST /api/api_keys', fail(409, 'limit_exceeded', apiKeyMessages.limit));
    const { user } = renderTab(api);
    await user.type(await screen.findByLabelText('Key name'), 'one more');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(apiKeyMessages.limit);
  });
});
