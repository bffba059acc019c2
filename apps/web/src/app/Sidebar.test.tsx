import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../test-setup/fakeApi.ts';
import { configAnswer } from '../test-setup/fixtures.ts';
import { renderUi } from '../test-setup/render.tsx';
import { SIDEBAR_KEY, Sidebar } from './Sidebar.tsx';

const sections = () => screen.getByRole('navigation', { name: 'Sections' });

function renderSidebar(at = '/dashboard', helpUrl?: string) {
  fakeApi().on('GET /api/config', configAnswer(helpUrl === undefined ? {} : { helpUrl }));
  return renderUi(<Sidebar />, { at });
}

describe('Sidebar', () => {
  it('lists Dashboard, Settings, Subscription and Help, marking the current page', async () => {
    renderSidebar('/settings');
    const nav = within(sections());
    expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(nav.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(nav.getByRole('link', { name: 'Subscription' })).toHaveAttribute('href', '/profile/plan');
    expect(nav.getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/help');
    expect(nav.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
  });

  it('follows a link', async () => {
    const { user } = renderSidebar();
    await user.click(within(sections()).getByRole('link', { name: 'Subscription' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/profile/plan');
  });

  it('an external HELP_URL opens in a new tab without an opener', async () => {
    renderSidebar('/dashboard', 'https://help.example.com/');
    // The link becomes an outside one once the config arrives: query it afresh.
    const help = () => within(sections()).getByRole('link', { name: 'Help' });
    await waitFor(() => expect(help()).toHaveAttribute('href', 'https://help.example.com/'));
    expect(help()).toHaveAttribute('target', '_blank');
    expect(help()).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('widens to show its labels and remembers it', async () => {
    const { user, unmount } = renderSidebar();
    const expand = screen.getByRole('button', { name: 'Expand the sidebar' });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('sidebar')).not.toHaveClass('sidebar-expanded');
    await user.click(expand);
    expect(screen.getByTestId('sidebar')).toHaveClass('sidebar-expanded');
    expect(localStorage.getItem(SIDEBAR_KEY)).toBe('expanded');
    unmount();

    renderSidebar();
    expect(screen.getByTestId('sidebar')).toHaveClass('sidebar-expanded');
    expect(screen.getByRole('button', { name: 'Collapse the sidebar' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });
});
