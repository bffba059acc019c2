import { defaultLayouts, type Layout, type LayoutKey } from '@tapeline/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dashboardText } from './dashboardText.ts';
import { LayoutMenu } from './LayoutMenu.tsx';

function renderMenu(layouts: Layout[]) {
  const calls: string[] = [];
  render(
    <div>
      <LayoutMenu
        layouts={layouts}
        onActivate={(key: LayoutKey) => calls.push(`activate ${key}`)}
        onLock={(key: LayoutKey, locked: boolean) => calls.push(`${locked ? 'lock' : 'unlock'} ${key}`)}
        onReset={(key: LayoutKey) => calls.push(`reset ${key}`)}
      />
      <p>elsewhere</p>
    </div>,
  );
  return calls;
}

const menuButton = () => screen.getByRole('button', { name: /Layout/ });

describe('LayoutMenu', () => {
  it('names the active layout and opens the list of layouts on click', async () => {
    const layouts = defaultLayouts();
    renderMenu(layouts);
    const active = layouts.find((l) => l.active);
    expect(menuButton()).toHaveTextContent(active?.label ?? '');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('list', { name: 'Layouts' })).not.toBeInTheDocument();

    await userEvent.click(menuButton());
    const list = screen.getByRole('list', { name: 'Layouts' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(layouts.length);
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
  });

  it('switches layouts and closes', async () => {
    const layouts = defaultLayouts();
    const calls = renderMenu(layouts);
    const other = layouts.find((l) => !l.active);
    if (!other) throw new Error('core has a single layout');
    await userEvent.click(menuButton());
    await userEvent.click(screen.getByRole('button', { name: other.label }));
    expect(calls).toEqual([`activate ${other.key}`]);
    expect(screen.queryByRole('list', { name: 'Layouts' })).not.toBeInTheDocument();
  });

  it('locks an unlocked layout, unlocks a locked one and resets', async () => {
    const [first, second, ...rest] = defaultLayouts();
    if (!first || !second) throw new Error('core has fewer than two layouts');
    const calls = renderMenu([{ ...first, locked: false }, { ...second, locked: true }, ...rest]);
    await userEvent.click(menuButton());
    await userEvent.click(screen.getByRole('button', { name: `Unlocked: lock ${first.label}` }));
    await userEvent.click(screen.getByRole('button', { name: `Locked: unlock ${second.label}` }));
    await userEvent.click(screen.getByRole('button', { name: `Reset ${second.label}` }));
    const dialog = screen.getByRole('dialog', { name: dashboardText.resetQuestion(second.label) });
    await userEvent.click(within(dialog).getByRole('button', { name: dashboardText.resetConfirm }));
    expect(calls).toEqual([`lock ${first.key}`, `unlock ${second.key}`, `reset ${second.key}`]);
    // Locking is not a choice of layout: the list stays open.
    expect(screen.getByRole('list', { name: 'Layouts' })).toBeInTheDocument();
  });

  it('asks before a reset; Cancel changes nothing', async () => {
    const layouts = defaultLayouts();
    const calls = renderMenu(layouts);
    const dynamic = layouts.find((l) => l.key === 'dynamic');
    if (!dynamic) throw new Error('no Dynamic layout');
    await userEvent.click(menuButton());
    await userEvent.click(screen.getByRole('button', { name: `Reset ${dynamic.label}` }));
    const dialog = screen.getByRole('dialog', { name: dashboardText.resetQuestion(dynamic.label) });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('lock and unlock look different and say which they are', async () => {
    const [first, second, ...rest] = defaultLayouts();
    if (!first || !second) throw new Error('core has fewer than two layouts');
    renderMenu([{ ...first, locked: false }, { ...second, locked: true }, ...rest]);
    await userEvent.click(menuButton());
    const unlocked = screen.getByRole('button', { name: `Unlocked: lock ${first.label}` });
    const locked = screen.getByRole('button', { name: `Locked: unlock ${second.label}` });
    expect(unlocked).toHaveTextContent(dashboardText.unlocked);
    expect(locked).toHaveTextContent(dashboardText.locked);
    expect(unlocked.querySelector('svg.icon-unlock')).not.toBeNull();
    expect(locked.querySelector('svg.icon-lock')).not.toBeNull();
    // Not the same drawing with one end moved: the shapes differ.
    expect(unlocked.querySelector('svg')?.innerHTML).not.toEqual(locked.querySelector('svg')?.innerHTML);
    expect(locked.querySelector('rect')).toHaveAttribute('fill', 'currentColor');
    expect(unlocked.querySelector('rect')).not.toHaveAttribute('fill', 'currentColor');
  });

  it('closes when the trader clicks elsewhere', async () => {
    renderMenu(defaultLayouts());
    await userEvent.click(menuButton());
    await userEvent.click(screen.getByText('elsewhere'));
    expect(screen.queryByRole('list', { name: 'Layouts' })).not.toBeInTheDocument();
  });
});
