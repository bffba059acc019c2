import { defaultLayout } from '@tapeline/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { widgetProps } from '../../test-setup/widgetProps.ts';
import type { WidgetDefinition, WidgetProps } from '../../ui/widgetContract.ts';
import { WidgetFrame } from './WidgetFrame.tsx';

const definition = (popout: boolean): WidgetDefinition => ({
  id: 'alerts',
  title: () => 'Alerts',
  Component: ({ id }: WidgetProps) => <p>body of {id}</p>,
  Toolbar: () => <button type="button">extra tool</button>,
  popout,
});

function renderFrame(overrides: Partial<WidgetProps> = {}, options = { popout: true, poppedOut: false }) {
  const onMaximize = vi.fn();
  const onPopout = vi.fn();
  render(
    <WidgetFrame
      definition={definition(options.popout)}
      props={widgetProps('alerts', { layout: { ...defaultLayout('primary'), locked: false }, ...overrides })}
      onMaximize={onMaximize}
      onPopout={onPopout}
      poppedOut={options.poppedOut}
    />,
  );
  return { onMaximize, onPopout, frame: screen.getByRole('region', { name: 'Alerts' }) };
}

describe('WidgetFrame', () => {
  it('frames the widget with its title, its own tools, pop-out and maximise', async () => {
    const { frame, onMaximize, onPopout } = renderFrame();
    expect(within(frame).getByRole('heading', { name: 'Alerts' })).toBeInTheDocument();
    expect(within(frame).getByText('body of alerts')).toBeInTheDocument();
    expect(within(frame).getByRole('button', { name: 'extra tool' })).toBeInTheDocument();
    await userEvent.click(within(frame).getByRole('button', { name: 'Pop out Alerts' }));
    expect(onPopout).toHaveBeenCalledWith('alerts');
    await userEvent.click(within(frame).getByRole('button', { name: 'Maximise Alerts' }));
    expect(onMaximize).toHaveBeenCalledOnce();
  });

  it('a maximised widget offers Restore', () => {
    const { frame } = renderFrame({ mode: 'maximized' });
    const restore = within(frame).getByRole('button', { name: 'Restore Alerts' });
    expect(restore).toHaveAttribute('aria-pressed', 'true');
  });

  it('a widget that cannot pop out has no pop-out button', () => {
    const { frame } = renderFrame({}, { popout: false, poppedOut: false });
    expect(within(frame).queryByRole('button', { name: /Pop out/ })).not.toBeInTheDocument();
  });

  it('a widget open in its own window says so instead of drawing itself twice', () => {
    const { frame } = renderFrame({}, { popout: true, poppedOut: true });
    expect(within(frame).getByText('Open in its own window.')).toBeInTheDocument();
    expect(within(frame).queryByText('body of alerts')).not.toBeInTheDocument();
  });

  it('has a drag handle only on an unlocked grid', () => {
    const { frame } = renderFrame();
    expect(frame.querySelector('.widget-drag')).not.toBeNull();
  });

  it('has no drag handle on a locked layout', () => {
    const { frame } = renderFrame({ layout: { ...defaultLayout('primary'), locked: true } });
    expect(frame.querySelector('.widget-drag')).toBeNull();
  });
});
