import { defaultLayout, type Layout, type WidgetToggle } from '@tapeline/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DashboardBar } from './DashboardBar.tsx';
import { dashboardText } from './dashboardText.ts';

// The default layouts start locked; the toggles show on an unlocked one.
const unlocked = (): Layout => ({ ...defaultLayout('primary'), locked: false });

function renderBar(layout: Layout) {
  const toggled: WidgetToggle[] = [];
  render(
    <DashboardBar layout={layout} onToggle={(t) => toggled.push(t)}>
      <span>menu slot</span>
    </DashboardBar>,
  );
  return toggled;
}

describe('DashboardBar', () => {
  it('shows a pressed toggle for each widget on the layout, and a PRO mark on Discovery', () => {
    const layout = unlocked();
    renderBar(layout);
    const toggles = within(screen.getByRole('group', { name: 'Widgets' })).getAllByRole('button');
    expect(toggles.map((b) => b.textContent)).toContain('DISCOVERYPRO');
    const stream = screen.getByRole('button', { name: /^STREAM/ });
    expect(stream).toHaveAttribute('aria-pressed', String(layout.menu.stream1 || layout.menu.stream2));
    const chat = screen.getByRole('button', { name: /^CHAT/ });
    expect(chat).toHaveAttribute('aria-pressed', String(layout.menu.chat));
  });

  it('reports the toggle the trader clicks', async () => {
    const toggled = renderBar(unlocked());
    await userEvent.click(screen.getByRole('button', { name: /^ALERTS/ }));
    await userEvent.click(screen.getByRole('button', { name: /^POPULAR/ }));
    expect(toggled).toEqual(['ALERTS', 'POPULAR']);
  });

  it('a locked layout offers no toggles and says how to change widgets', () => {
    const layout = { ...defaultLayout('primary'), locked: true };
    renderBar(layout);
    expect(screen.queryByRole('group', { name: 'Widgets' })).not.toBeInTheDocument();
    expect(screen.getByText(`${layout.label} is locked — unlock it to change widgets.`)).toBeInTheDocument();
    // Whatever the page puts beside the toggles stays.
    expect(screen.getByText('menu slot')).toBeInTheDocument();
  });

  it('on a phone, where the toggles are one scrolling row, says there are more and scrolls on', async () => {
    // 8 toggles 800 px wide in a 300 px row (jsdom lays nothing out: the row's sizes are given).
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
    renderBar(unlocked());
    const row = screen.getByRole('group', { name: 'Widgets' });
    await userEvent.click(screen.getByRole('button', { name: dashboardText.moreToggles }));
    expect(row.scrollLeft).toBeGreaterThan(0);
    vi.restoreAllMocks();
  });
});
