import { activate, defaultLayouts, type Layout, type LayoutKey, setLocked } from '@tapeline/core';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, withDataHost } from '../../test-setup/fakeApi.ts';
import { configAnswer } from '../../test-setup/fixtures.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { useOverlays } from '../symbols/index.ts';
import { CommandPalette } from './CommandPalette.tsx';
import { publishDashboardCommands } from './paletteBridge.ts';

const NAMES = [
  { s: 'AAPL', n: 'Apple Inc' },
  { s: 'MSFT', n: 'Microsoft Corp' },
];

function serve(helpUrl?: string) {
  withDataHost(fakeApi())
    .on('GET /api/config', configAnswer(helpUrl === undefined ? {} : { helpUrl }))
    .on('GET /data/stock-names.json', { status: 200, body: NAMES });
}

function dashboard(layouts: Layout[]) {
  const commands = {
    layouts,
    discoveryAllowed: true,
    activate: vi.fn<(key: LayoutKey) => void>(),
    toggle: vi.fn(),
  };
  act(() => publishDashboardCommands(commands));
  return commands;
}

/** The symbol whose menu is open, as the top bar's overlays would draw it. */
function MenuProbe() {
  const { menu } = useOverlays();
  return <span data-testid="menu-symbol">{menu?.symbol ?? ''}</span>;
}

function renderPalette(at = '/dashboard') {
  const onOpenChange = vi.fn();
  const rendered = renderUi(
    <>
      <CommandPalette open onOpenChange={onOpenChange} />
      <MenuProbe />
    </>,
    { at },
  );
  return { ...rendered, onOpenChange };
}

const option = (name: RegExp | string) => screen.getByRole('option', { name });

// cmdk scrolls the selected item into view, which jsdom (no layout) does not implement.
Element.prototype.scrollIntoView ??= () => {};

afterEach(() => publishDashboardCommands(null));

describe('CommandPalette', () => {
  it('typing "Optional" and Enter activates that layout and closes', async () => {
    serve();
    const commands = dashboard(defaultLayouts());
    const { user, onOpenChange } = renderPalette();
    await user.type(screen.getByRole('combobox'), 'Optional');
    expect(option(/Switch to Optional/)).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(commands.activate).toHaveBeenCalledWith('optional');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('toggles a widget of the unlocked active layout', async () => {
    serve();
    // Dynamic, the default active layout, is unlocked and shows every widget.
    const commands = dashboard(defaultLayouts());
    const { user } = renderPalette();
    await user.type(screen.getByRole('combobox'), 'news');
    await user.click(option(/Hide NEWS/));
    expect(commands.toggle).toHaveBeenCalledWith('NEWS');
  });

  it("a locked layout's widget toggles are disabled with the reason", async () => {
    serve();
    const locked = setLocked(activate(defaultLayouts(), 'primary'), 'primary', true);
    const commands = dashboard(locked);
    const { user } = renderPalette();
    await user.type(screen.getByRole('combobox'), 'chat');
    const hide = option(/Hide CHAT/);
    expect(hide).toHaveAttribute('aria-disabled', 'true');
    expect(hide).toHaveTextContent('Primary is locked — unlock it to change widgets.');
    await user.click(hide);
    expect(commands.toggle).not.toHaveBeenCalled();
  });

  it('Discovery is offered disabled to a plan without it', async () => {
    serve();
    act(() =>
      publishDashboardCommands({
        layouts: defaultLayouts(),
        discoveryAllowed: false,
        activate: () => {},
        toggle: () => {},
      }),
    );
    const { user } = renderPalette();
    await user.type(screen.getByRole('combobox'), 'discovery');
    expect(option(/Hide DISCOVERY/)).toHaveAttribute('aria-disabled', 'true');
  });

  it("opens a symbol's menu from its symbol or company name", async () => {
    serve();
    const { user } = renderPalette();
    await user.type(screen.getByRole('combobox'), 'micro');
    await user.click(await screen.findByRole('option', { name: /MSFT/ }));
    expect(screen.getByTestId('menu-symbol')).toHaveTextContent('MSFT');
  });

  it('goes to a page; away from the dashboard it offers no layouts', async () => {
    serve();
    const { user } = renderPalette('/settings');
    expect(screen.queryByRole('option', { name: /Switch to/ })).not.toBeInTheDocument();
    await user.type(screen.getByRole('combobox'), 'subscription');
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/profile/plan');
  });

  it('Go to Help opens a HELP_URL on another site in a new tab', async () => {
    serve('https://help.example.com/');
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = renderPalette();
    // Until the config arrives the palette would use /help: the hint names the site once it has.
    expect(await screen.findByText('https://help.example.com/ (new tab)')).toBeInTheDocument();
    await user.type(screen.getByRole('combobox'), 'help');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('https://help.example.com/', '_blank', 'noopener,noreferrer'),
    );
    open.mockRestore();
  });
});
