import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PopupBlockedBanner } from './PopupBlockedBanner.tsx';
import { POPUP_HELP } from './popouts.ts';

describe('PopupBlockedBanner', () => {
  it('says the pop-out was blocked and links help for a browser', () => {
    render(<PopupBlockedBanner onDismiss={() => {}} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Your browser blocked a pop-out window.');
    const link = screen.getByRole('link', { name: /^Help \(/ });
    expect(POPUP_HELP.map((h) => h.url)).toContain(link.getAttribute('href'));
    // Help opens beside the dashboard, never in its place.
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('picks the help page of the browser in use', () => {
    const firefox = POPUP_HELP.find((h) => /firefox/i.test(h.browser));
    if (!firefox) throw new Error('no Firefox help in POPUP_HELP');
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
    );
    render(<PopupBlockedBanner onDismiss={() => {}} />);
    expect(screen.getByRole('link', { name: `Help (${firefox.browser})` })).toHaveAttribute(
      'href',
      firefox.url,
    );
    vi.restoreAllMocks();
  });

  it('goes away when dismissed', async () => {
    const onDismiss = vi.fn();
    render(<PopupBlockedBanner onDismiss={onDismiss} />);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalledOnce();
  });
});
