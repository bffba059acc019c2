import { defaultConfig, defaultLayout, type Layout, WIDGET_IDS, type WidgetId } from '@tapeline/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DashboardGrid } from './DashboardGrid.tsx';

// Stream widgets subscribe to the tab's socket: none may open a real one here.
vi.mock('../../lib/tabSocket.ts', () => import('../../test-setup/fakeSocket.ts'));

/** A layout showing only the given widgets (placeholders: nothing here reaches the network). */
function showing(widgets: readonly WidgetId[], overrides: Partial<Layout> = {}): Layout {
  const layout = { ...defaultLayout('dynamic'), locked: false, ...overrides };
  return {
    ...layout,
    menu: Object.fromEntries(WIDGET_IDS.map((id) => [id, widgets.includes(id)])) as Layout['menu'],
  };
}

const onPopout = vi.fn();

/** The grid over a layout that really changes, as the dashboard holds it. */
function Harness({
  initial,
  poppedOut = [],
  seen,
}: {
  initial: Layout;
  poppedOut?: WidgetId[];
  seen?: (layout: Layout) => void;
}) {
  const [layout, setLayout] = useState(initial);
  seen?.(layout);
  return (
    <DashboardGrid
      layout={layout}
      config={defaultConfig()}
      onLayoutChange={(change) => setLayout(change)}
      onPopout={onPopout}
      isPoppedOut={(id) => poppedOut.includes(id)}
    />
  );
}

const frames = () => screen.queryAllByRole('region').map((r) => r.getAttribute('aria-label'));

describe('DashboardGrid', () => {
  beforeEach(() => {
    onPopout.mockClear();
  });

  it('draws a framed cell for each widget the layout shows, and none for the others', () => {
    render(<Harness initial={showing(['news', 'chat', 'discovery'])} />);
    const grid = screen.getByTestId('dashboard-grid');
    expect(grid).toHaveAttribute('data-locked', 'false');
    expect(frames().sort()).toEqual(['Chat', 'Discovery', 'News']);
    for (const id of ['news', 'chat', 'discovery'])
      expect(within(grid).getByTestId(`cell-${id}`)).toBeInTheDocument();
    expect(screen.queryByTestId('cell-quote')).not.toBeInTheDocument();
  });

  it('maximises one widget in place of the grid and restores it', async () => {
    render(<Harness initial={showing(['news', 'quote'])} />);
    await userEvent.click(screen.getByRole('button', { name: 'Maximise Quote' }));
    expect(screen.queryByTestId('dashboard-grid')).not.toBeInTheDocument();
    expect(frames()).toEqual(['Quote']);
    expect(
      within(screen.getByTestId('maximized')).getByRole('button', { name: 'Restore Quote' }),
    ).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Restore Quote' }));
    expect(screen.queryByTestId('maximized')).not.toBeInTheDocument();
    expect(frames().sort()).toEqual(['News', 'Quote']);
  });

  it('a saved maximised widget the layout no longer shows falls back to the grid', () => {
    render(<Harness initial={showing(['news'], { maximized: 'quote' })} />);
    expect(screen.queryByTestId('maximized')).not.toBeInTheDocument();
    expect(frames()).toEqual(['News']);
  });

  it('a locked layout is marked locked and its widgets have no drag handle', () => {
    const { container } = render(<Harness initial={showing(['news', 'chat'], { locked: true })} />);
    expect(screen.getByTestId('dashboard-grid')).toHaveAttribute('data-locked', 'true');
    expect(container.querySelector('.widget-drag')).toBeNull();
  });

  it('pops a widget out, and a widget open in its own window is not drawn twice', async () => {
    render(<Harness initial={showing(['discovery', 'chat'])} poppedOut={['discovery']} />);
    const discovery = screen.getByRole('region', { name: 'Discovery' });
    expect(within(discovery).getByText('Open in its own window.')).toBeInTheDocument();
    expect(within(discovery).queryByTestId('widget-loading')).not.toBeInTheDocument();
    // Chat is drawn in the grid: its chunk is loading.
    expect(
      within(screen.getByRole('region', { name: 'Chat' })).getByTestId('widget-loading'),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Pop out Chat' }));
    expect(onPopout).toHaveBeenCalledWith('chat');
    // Quote has no window of its own.
    expect(screen.queryByRole('button', { name: 'Pop out Quote' })).not.toBeInTheDocument();
  });

  it('a split while maximised edits the breakpoint of the width on screen (a phone here)', async () => {
    // jsdom has no layout: the maximised box says it is 390 px wide.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return new DOMRect(0, 0, this.classList.contains('dashboard-maximized') ? 390 : 0, 600);
    });
    let last = showing(['stream1', 'stream2'], { maximized: 'stream1' });
    render(<Harness initial={last} seen={(l) => (last = l)} />);
    const maximized = screen.getByTestId('maximized');
    await userEvent.click(within(maximized).getByRole('button', { name: 'Merge streams' }));
    await userEvent.click(within(maximized).getByRole('button', { name: 'Split streams' }));
    // The phone's stream was halved; the desktop's kept its width.
    expect([last.layout.xs.stream1?.w, last.layout.xs.stream2?.x]).toEqual([6, 6]);
    expect(last.layout.xxl.stream1?.w).toBe(defaultLayout('dynamic').layout.xxl.stream1?.w);
    vi.restoreAllMocks();
  });
});
