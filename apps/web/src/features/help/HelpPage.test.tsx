import { DISCOVERY_COLUMNS, WIDGET_TOGGLES } from '@tapeline/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test-setup/render.tsx';
import { SHORTCUTS } from '../shortcuts/index.ts';
import { HelpPage } from './HelpPage.tsx';

const section = (name: string) => screen.getByRole('region', { name });

describe('HelpPage', () => {
  it('explains every widget by its toggle', () => {
    renderUi(<HelpPage />);
    const widgets = section('Widgets');
    for (const toggle of WIDGET_TOGGLES) expect(within(widgets).getByText(toggle)).toBeInTheDocument();
    expect(within(widgets).getByText(/press \/ to edit the list/i)).toBeInTheDocument();
  });

  it('names the stream channel types and the filter ranges', () => {
    renderUi(<HelpPage />);
    const channels = section('Stream channels');
    for (const type of ['None', 'Filter', 'Custom', 'Favorite', 'Popular'])
      expect(within(channels).getByText(type)).toBeInTheDocument();
    expect(
      within(channels).getByText(/Price 0–5,000 dollars; volume 0–200,000,000 shares/),
    ).toBeInTheDocument();
  });

  it('explains each of the fifteen Discovery columns', () => {
    renderUi(<HelpPage />);
    const discovery = section('Discovery columns');
    expect(DISCOVERY_COLUMNS).toHaveLength(15);
    for (const column of DISCOVERY_COLUMNS)
      expect(within(discovery).getByText(column.label, { selector: 'dt' })).toBeInTheDocument();
    expect(within(discovery).getByText(/percent change minus SPY’s/)).toBeInTheDocument();
  });

  it('lists the keyboard shortcuts from the one registry', () => {
    renderUi(<HelpPage />);
    const shortcuts = section('Keyboard shortcuts');
    const rows = within(shortcuts).getAllByRole('row');
    expect(rows).toHaveLength(SHORTCUTS.length + 1);
    expect(within(shortcuts).getByText('/', { selector: 'kbd' })).toBeInTheDocument();
    expect(within(shortcuts).getByText('?', { selector: 'kbd' })).toBeInTheDocument();
  });

  it('offers the way back to log in when shown without the app around it', () => {
    renderUi(<HelpPage />);
    expect(screen.getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/login');
  });
});
