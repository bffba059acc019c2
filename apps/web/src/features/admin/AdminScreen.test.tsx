import { adminUserListSchema, adminUserUpdateResponseSchema, messages } from '@tapeline/core';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { type FakeApi, fail, fakeApi, ok } from '../../test-setup/fakeApi.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { signedIn, userFixture, withSession } from '../../test-setup/session.tsx';
import { AdminScreen } from './AdminScreen.tsx';
import { adminText } from './adminText.ts';

const USERS = [
  userFixture({ id: 'a1', email: 'alice@example.com', username: 'alice' }),
  userFixture({ id: 'b2', email: 'bob@example.com', username: 'bob' }),
  userFixture({ id: 'c3', email: 'carol@example.com', username: 'carol', role: 'mod' }),
];

function renderAdmin(api: FakeApi) {
  signedIn(api, {
    role: 'admin',
    profile: { role: 'admin', image: null, chat_notification: true, ban_exp_at: null },
  });
  return renderUi(<AdminScreen />, { wrap: withSession });
}

describe('AdminScreen', () => {
  it('counts the users and narrows them by username or email', async () => {
    const api = fakeApi().on('GET /api/admin/users', ok(adminUserListSchema, USERS));
    const { user } = renderAdmin(api);
    expect(await screen.findByText(adminText.userCount(3, 3))).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: adminText.search }), 'bob@');
    expect(screen.getByText(adminText.userCount(1, 3))).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: adminText.search }));
    await user.type(screen.getByRole('searchbox', { name: adminText.search }), 'zzz');
    expect(screen.getByText(adminText.userCount(0, 3))).toBeInTheDocument();
  });

  it('says the user list failed when the API does', async () => {
    const api = fakeApi().on('GET /api/admin/users', fail(500, 'internal'));
    renderAdmin(api);
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.userListFailed);
  });

  it('asks for the list once, as the signed-in admin', async () => {
    const api = fakeApi().on('GET /api/admin/users', ok(adminUserListSchema, USERS));
    renderAdmin(api);
    await waitFor(() => expect(api.calls('GET /api/admin/users')).toHaveLength(1));
    expect(api.calls('GET /api/admin/users')[0]?.authorization).toMatch(/^Bearer /);
  });

  it('gives a user the VIP badge through the update call, and shows the answer', async () => {
    // jsdom lays nothing out: the virtualised table's scroll box is given room for its rows.
    const height = vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(600);
    onTestFinished(() => height.mockRestore());
    const bob = USERS[1] as (typeof USERS)[number];
    const api = fakeApi()
      .on('GET /api/admin/users', ok(adminUserListSchema, USERS))
      .on(
        'POST /api/admin/user/update',
        ok(adminUserUpdateResponseSchema, { content: { ...bob, vip: true } }),
      );
    const { user } = renderAdmin(api);
    const vip = await screen.findByRole('switch', { name: adminText.vipFor('bob') });
    expect(vip).not.toBeChecked();
    await user.click(vip);
    await waitFor(() => expect(screen.getByRole('switch', { name: adminText.vipFor('bob') })).toBeChecked());
    expect(api.calls('POST /api/admin/user/update')[0]?.body).toEqual({
      uid: 'b2',
      field: 'vip',
      value: true,
    });
    expect(await screen.findByText(messages.adminUpdated)).toBeInTheDocument();
  });
});
