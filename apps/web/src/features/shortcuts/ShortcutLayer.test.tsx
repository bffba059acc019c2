import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, withDataHost } from '../../test-setup/fakeApi.ts';
import { configAnswer } from '../../test-setup/fixtures.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { useQuoteShortcut } from '../quotes/index.ts';
import { ShortcutLayer } from './ShortcutLayer.tsx';

// cmdk scrolls the selected item into view, which jsdom (no layout) does not implement.
Element.prototype.scrollIntoView ??= () => {};

/** A stand-in for the top bar's search box, which '/' focuses when no Quote widget takes it. */
function Search() {
  return (
    <div data-testid="symbol-search">
      <input aria-label="Search" />
    </div>
  );
}

/** A stand-in for a Quote widget on the page: its own '/' listener opens Edit Quote. */
function QuoteWidgetStandIn({ onOpen }: { onOpen: () => void }) {
  useQuoteShortcut(onOpen);
  return null;
}

function renderLayer(extra: React.ReactNode = null) {
  withDataHost(fakeApi())
    .on('GET /api/config', configAnswer())
    .on('GET /data/stock-names.json', { status: 200, body: [] });
  return renderUi(
    <>
      <Search />
      <input aria-label="Note" />
      {extra}
      <ShortcutLayer />
    </>,
  );
}

const shortcutList = () => screen.getByTestId('shortcuts-dialog');

describe('ShortcutLayer', () => {
  it("'?' opens the shortcut list, which names '/' and Esc closes", async () => {
    const { user } = renderLayer();
    expect(shortcutList()).not.toHaveAttribute('open');
    await user.keyboard('?');
    expect(shortcutList()).toHaveAttribute('open');
    expect(within(shortcutList()).getByRole('heading', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
    expect(within(shortcutList()).getByText('/', { selector: 'kbd' })).toBeInTheDocument();
    expect(within(shortcutList()).getByText(/Command palette/)).toBeInTheDocument();
    await user.click(within(shortcutList()).getByRole('button', { name: 'Close' }));
    expect(shortcutList()).not.toHaveAttribute('open');
  });

  it('single keys are characters while typing in a field', async () => {
    const { user } = renderLayer();
    const note = screen.getByRole('textbox', { name: 'Note' });
    await user.click(note);
    await user.keyboard('?/');
    expect(note).toHaveValue('?/');
    expect(shortcutList()).not.toHaveAttribute('open');
    expect(note).toHaveFocus();
  });

  it("'/' focuses the symbol search when no Quote widget is on the page", async () => {
    const { user } = renderLayer();
    await user.keyboard('/');
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveFocus();
    // The slash was a command, not a character typed into the search.
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('');
  });

  it("'/' stays the Quote widget's Edit Quote key where one is on the page", async () => {
    let opened = 0;
    const { user } = renderLayer(<QuoteWidgetStandIn onOpen={() => opened++} />);
    await user.keyboard('/');
    expect(opened).toBe(1);
    expect(screen.getByRole('textbox', { name: 'Search' })).not.toHaveFocus();
  });

  it('Ctrl+K opens the command palette (loaded on first use) and closes it again', async () => {
    const { user } = renderLayer();
    expect(screen.queryByTestId('command-palette')).not.toBeInTheDocument();
    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByTestId('command-palette');
    await waitFor(() => expect(palette).toHaveAttribute('open'));
    expect(within(palette).getByRole('combobox')).toHaveFocus();
    // Its own key closes it even from inside its search field.
    await user.keyboard('{Control>}k{/Control}');
    expect(palette).not.toHaveAttribute('open');
  });

  it('Ctrl+K works from a text field too: the chord types nothing', async () => {
    const { user } = renderLayer();
    await user.click(screen.getByRole('textbox', { name: 'Note' }));
    await user.keyboard('{Control>}k{/Control}');
    await waitFor(() => expect(screen.getByTestId('command-palette')).toHaveAttribute('open'));
  });
});
