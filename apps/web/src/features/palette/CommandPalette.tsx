import { TOGGLE_WIDGETS, WIDGET_TOGGLES } from '@tapeline/core';
import { Command } from 'cmdk';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useStockNames } from '../../lib/referenceData.ts';
import { isInternalUrl, openHelp, useHelpUrl } from '../../ui/helpLink.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { pointRect } from '../../ui/placement.ts';
import { rectOf, useOpenSymbolMenu } from '../symbols/index.ts';
import { type DashboardCommands, useDashboardCommands } from './paletteBridge.ts';
import { matchCommands, matchSymbols, type PaletteCommand } from './paletteItems.ts';
import { paletteText } from './paletteText.ts';
import './palette.css';

interface PaletteProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

function layoutCommands(dashboard: DashboardCommands | null): PaletteCommand[] {
  if (!dashboard) return [];
  return dashboard.layouts.map((layout) => ({
    id: `layout:${layout.key}`,
    label: paletteText.switchTo(layout.label),
    keywords: ['layout'],
    hint: layout.active ? paletteText.activeLayout : undefined,
    run: () => dashboard.activate(layout.key),
  }));
}

function widgetCommands(dashboard: DashboardCommands | null): PaletteCommand[] {
  const active = dashboard?.layouts.find((l) => l.active);
  if (!dashboard || !active) return [];
  return WIDGET_TOGGLES.map((toggle) => {
    const on = TOGGLE_WIDGETS[toggle].some((id) => active.menu[id]);
    const reason = active.locked
      ? paletteText.locked(active.label)
      : toggle === 'DISCOVERY' && !dashboard.discoveryAllowed
        ? paletteText.proOnly
        : undefined;
    return {
      id: `widget:${toggle}`,
      label: on ? paletteText.hide(toggle) : paletteText.show(toggle),
      keywords: ['widget', 'toggle'],
      disabledReason: reason,
      run: () => dashboard.toggle(toggle),
    };
  });
}

/**
 * Ctrl/Cmd+K (loaded on first use): open a symbol's menu, switch layouts, toggle widgets, go to
 * a page. The filtering is ours (cmdk's would score thousands of listings on every key).
 */
export function CommandPalette({ open, onOpenChange }: PaletteProps) {
  const [query, setQuery] = useState('');
  const navigate = useNavigate();
  const helpUrl = useHelpUrl();
  const names = useStockNames();
  const openMenu = useOpenSymbolMenu();
  const dashboard = useDashboardCommands();

  const close = () => {
    onOpenChange(false);
    setQuery('');
  };
  // The palette closes first, so the dialog gives the focus back before the chosen thing runs.
  const choose = (command: PaletteCommand) => {
    if (command.disabledReason) return;
    close();
    command.run();
  };

  const goTo: PaletteCommand[] = [
    { id: 'go:dashboard', label: paletteText.goTo('Dashboard'), run: () => navigate('/dashboard') },
    { id: 'go:settings', label: paletteText.goTo('Settings'), run: () => navigate('/settings') },
    {
      id: 'go:subscription',
      label: paletteText.goTo('Subscription'),
      keywords: ['plan', 'billing', 'upgrade'],
      run: () => navigate('/profile/plan'),
    },
    {
      id: 'go:help',
      label: paletteText.goTo('Help'),
      hint: isInternalUrl(helpUrl) ? undefined : paletteText.newTab(helpUrl),
      run: () => openHelp(helpUrl, navigate),
    },
  ];

  const symbols = useMemo(() => matchSymbols(names.data ?? [], query), [names.data, query]);
  const groups: [string, PaletteCommand[]][] = [
    [
      paletteText.groupSymbols,
      symbols.map((name) => ({
        id: `symbol:${name.s}`,
        label: name.s,
        hint: name.n,
        run: () => {
          // Anchored where the top bar's search would open it, else mid-screen.
          const search = document.querySelector('[data-testid="symbol-search"] input');
          const anchor = search ? rectOf(search) : pointRect(window.innerWidth / 2, window.innerHeight / 3);
          openMenu(name.s, anchor, search instanceof HTMLElement ? search : null);
        },
      })),
    ],
    [paletteText.groupLayouts, matchCommands(layoutCommands(dashboard), query)],
    [paletteText.groupWidgets, matchCommands(widgetCommands(dashboard), query)],
    [paletteText.groupGoTo, matchCommands(goTo, query)],
  ];

  return (
    // No close button: Esc and Ctrl/Cmd+K close it.
    <Modal
      open={open}
      title={paletteText.title}
      onClose={close}
      hideClose
      className="palette"
      testId="command-palette"
    >
      <Command label={paletteText.title} shouldFilter={false} loop>
        <Command.Input
          className="palette-input"
          value={query}
          onValueChange={setQuery}
          placeholder={paletteText.placeholder}
          // Ready to type: showModal focuses an [autofocus] descendant (else the dialog itself),
          // and React's autoFocus sets no attribute, so the ref sets it before showModal runs.
          ref={(input) => input?.setAttribute('autofocus', '')}
          autoFocus
        />
        <Command.List className="palette-list">
          {names.isLoading && query !== '' && <Command.Loading>{paletteText.loadingSymbols}</Command.Loading>}
          <Command.Empty className="palette-empty">{paletteText.empty}</Command.Empty>
          {groups.map(([heading, commands]) =>
            commands.length === 0 ? null : (
              <Command.Group key={heading} heading={heading} className="palette-group">
                {commands.map((command) => (
                  <Command.Item
                    key={command.id}
                    value={command.id}
                    className="palette-item"
                    disabled={command.disabledReason !== undefined}
                    onSelect={() => choose(command)}
                  >
                    <span className="palette-label">{command.label}</span>
                    {(command.disabledReason ?? command.hint) && (
                      <span className="palette-hint">{command.disabledReason ?? command.hint}</span>
                    )}
                  </Command.Item>
                ))}
              </Command.Group>
            ),
          )}
        </Command.List>
      </Command>
    </Modal>
  );
}
