import { successResponseSchema } from '@tapeline/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../lib/storageKeys.ts';
import { type FakeApi, fakeApi, ok, withDataHost } from '../test-setup/fakeApi.ts';
import { configAnswer } from '../test-setup/fixtures.ts';
import { renderUi } from '../test-setup/render.tsx';
import { signedIn, subscription, withSession } from '../test-setup/session.tsx';
import { HELP_URL, TopBar } from './TopBar.tsx';

function serve(): FakeApi {
  return withDataHost(fakeApi())
    .on('GET /api/config', configAnswer())
    .on('GET /data/stock-names.json', { status: 200, body: [] })
    .on('GET /data/symbol_with_options', { status: 200, body: [] })
    .on('GET /api/users', { status: 200, body: [] })
    .on('POST /api/auth/logout', ok(successResponseSchema, { success: true }));
}

function renderTopBar(plan: string) {
  const api = serve();
  signedIn(api, { subscription: subscription(plan) });
  const rendered = renderUi(<TopBar />, { at: '/dashboard', wrap: withSession });
  return { ...rendered, api };
}

const nav = () => screen.getByRole('navigation', { name: 'Main' });

describe('TopBar', () => {
  it('links the signed-in pages and help', async () => {
    renderTopBar('pro');
    await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(nav()).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(within(nav()).getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/profile');
    expect(within(nav()).getByRole('link', { name: 'Help' })).toHaveAttribute('href', HELP_URL);
    // The current page is marked.
    expect(within(nav()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows the PRO badge to Pro and PRO+ to Pro Plus, none to Standard', async () => {
    const pro = renderTopBar('pro');
    expect(await screen.findByText('PRO')).toBeInTheDocument();
    pro.unmount();
    localStorage.clear();
    const plus = renderTopBar('proplus');
    expect(await screen.findByText('PRO+')).toBeInTheDocument();
    plus.unmount();
    localStorage.clear();
    renderTopBar('standard');
    await screen.findByRole('navigation', { name: 'Main' });
    expect(screen.queryByText(/^PRO\+?$/)).not.toBeInTheDocument();
  });

  it('the Menu button opens the narrow-screen menu and a link closes it', async () => {
    const { user } = renderTopBar('pro');
    const menu = await screen.findByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(nav()).toHaveClass('nav-open');
    await user.click(within(nav()).getByRole('link', { name: 'Settings' }));
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('location')).toHaveTextContent('/settings');
  });

  it('Log Out ends the session on the server and here', async () => {
    const { user, api } = renderTopBar('pro');
    await user.click(await screen.findByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(api.calls('POST /api/auth/logout')).toHaveLength(1);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });
});
