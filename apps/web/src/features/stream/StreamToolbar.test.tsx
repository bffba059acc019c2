import {
  type BreakpointId,
  type DashboardConfig,
  defaultConfig,
  defaultLayout,
  type Layout,
} from '@tapeline/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { widgetProps } from '../../test-setup/widgetProps.ts';
import type { WidgetMode } from '../../ui/widgetContract.ts';
import { StreamToolbar } from './StreamToolbar.tsx';

/** Alt is on by default (the small-cap tape); switched to none, only main remains. */
const withAlt = (): DashboardConfig => defaultConfig();
function altOff(): DashboardConfig {
  const config = defaultConfig();
  return {
    ...config,
    stream: config.stream.map((c) => (c.channel === 'alt' ? { ...c, type: 'none' as const } : c)),
  };
}

/** The toolbar with a layout that really changes, as the dashboard holds it. */
function Harness({
  config,
  id = 'stream1',
  mode = 'grid',
  initial,
  breakpoint = 'xxl',
}: {
  config: DashboardConfig;
  id?: 'stream1' | 'stream2';
  mode?: WidgetMode;
  initial: Layout;
  breakpoint?: BreakpointId;
}) {
  const [layout, setLayout] = useState(initial);
  return (
    <>
      <StreamToolbar
        {...widgetProps(id, { layout, config, mode, breakpoint })}
        onLayoutChange={(change) => setLayout(change)}
      />
      <p>
        shows {layout.streamSelectedChannel[id]}; tall {layout.layout.xxl.stream1?.h}; phone{' '}
        {layout.layout.xs.stream1?.w}; {layout.menu.stream2 ? 'split' : 'single'}
      </p>
    </>
  );
}

const unlocked = (): Layout => ({ ...defaultLayout('primary'), locked: false });

describe('StreamToolbar', () => {
  it('offers nothing while only the main channel exists', () => {
    const { container } = render(<Harness config={altOff()} initial={unlocked()} />);
    expect(screen.queryByRole('group', { name: 'Channel' })).not.toBeInTheDocument();
    expect(container.querySelector('button')).toBeNull();
  });

  it('switches the stream between Main and Alt', async () => {
    render(<Harness config={withAlt()} initial={unlocked()} />);
    const main = screen.getByRole('button', { name: 'Main' });
    const alt = screen.getByRole('button', { name: 'Alt' });
    expect(main).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(alt);
    expect(alt).toHaveAttribute('aria-pressed', 'true');
    expect(main).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText(/shows alt/)).toBeInTheDocument();
  });

  it('splits the first stream into two and merges them back', async () => {
    render(
      <Harness
        config={withAlt()}
        initial={{ ...unlocked(), menu: { ...unlocked().menu, stream2: false } }}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Split streams' }));
    expect(screen.getByText(/split$/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Merge streams' }));
    expect(screen.getByText(/single$/)).toBeInTheDocument();
  });

  it('splits and merges only the breakpoint on screen (stacked streams: the height halves and doubles)', async () => {
    render(<Harness config={withAlt()} initial={unlocked()} breakpoint="xxl" />);
    await userEvent.click(screen.getByRole('button', { name: 'Merge streams' }));
    expect(screen.getByText(/tall 30; phone 12; single$/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Split streams' }));
    expect(screen.getByText(/tall 15; phone 12; split$/)).toBeInTheDocument();
  });

  it('cannot split while the layout is locked', () => {
    render(<Harness config={withAlt()} initial={{ ...defaultLayout('primary'), locked: true }} />);
    expect(screen.getByRole('button', { name: /(Split|Merge) streams/ })).toBeDisabled();
  });

  it('has no split in a pop-out or on the second stream', () => {
    const { unmount } = render(<Harness config={withAlt()} initial={unlocked()} mode="popout" />);
    expect(screen.queryByRole('button', { name: /(Split|Merge) streams/ })).not.toBeInTheDocument();
    unmount();
    render(<Harness config={withAlt()} initial={unlocked()} id="stream2" />);
    expect(screen.queryByRole('button', { name: /(Split|Merge) streams/ })).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Channel' })).toBeInTheDocument();
  });
});
