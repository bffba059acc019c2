import { successResponseSchema } from '@tapeline/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '../lib/storageKeys.ts';
import { type FakeApi, fakeApi, ok, withDataHost } from '../test-setup/fakeApi.ts';
import { configAnswer } from '../test-setup/fixtures.ts';
import { renderUi } from '../test-setup/render.tsx';
import { signedIn, subscription, withSession } from '../test-setup/session.tsx';
import { TopBar } from './TopBar.tsx';

function serve(helpUrl?: string): FakeApi {
  return withDataHost(fakeApi())
    .on('GET /api/config', configAnswer(helpUrl === undefined ? {} : { helpUrl }))
    .on('GET /data/stock-names.json', { status: 200, body: [] })
    .on('GET /data/symbol_with_options', { status: 200, body: [] })
    .on('GET /api/users', { status: 200, body: [] })
    .on('POST /api/auth/logout', ok(successResponseSchema, { success: true }));
}

function renderTopBar(plan: string, helpUrl?: string) {
  const api = serve(helpUrl);
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
    // HELP_URL unset: the built-in page, in this tab.
    const help = within(nav()).getByRole('link', { name: 'Help' });
    await waitFor(() => expect(help).toHaveAttribute('href', '/help'));
    expect(help).not.toHaveAttribute('target');
    // The current page is marked.
    expect(within(nav()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });

  it('opens a HELP_URL on another site in a new tab, without handing it this window', async () => {
    renderTopBar('pro', 'https://help.example.com/tapeline');
    await screen.findByRole('navigation', { name: 'Main' });
    await waitFor(() =>
      expect(within(nav()).getByRole('link', { name: 'Help' })).toHaveAttribute(
        'href',
        'https://help.example.com/tapeline',
      ),
    );
    const help = within(nav()).getByRole('link', { name: 'Help' });
    expect(help).toHaveAttribute('target', '_blank');
    expect(help).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('a path as HELP_URL stays in the app', async () => {
    const { user } = renderTopBar('pro', '/help');
    await user.click(
      await within(await screen.findByRole('navigation', { name: 'Main' })).findByRole('link', {
        name: 'Help',
      }),
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/help');
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

  it('Log out (written one way everywhere) ends the session on the server and here', async () => {
    const { user, api } = renderTopBar('pro');
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(api.calls('POST /api/auth/logout')).toHaveLength(1);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });
});
