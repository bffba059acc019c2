import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MAX_LIVE_TOASTS, MAX_VISIBLE_TOASTS, ToastProvider, useToast } from './toast.tsx';

function Buttons() {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast('Saved')}>
        info
      </button>
      <button type="button" onClick={() => toast('Card declined', { tone: 'error' })}>
        error
      </button>
      <button type="button" onClick={() => toast('Copied', { tone: 'success', durationMs: 2000 })}>
        short
      </button>
    </>
  );
}

/** A provider with nothing in it, and its `toast` to call from the test. */
function grabToast(): ReturnType<typeof useToast> {
  let show: ReturnType<typeof useToast> = () => {};
  function Grab() {
    show = useToast();
    return null;
  }
  render(
    <ToastProvider>
      <Grab />
    </ToastProvider>,
  );
  return (...args) => show(...args);
}

const renderToasts = () =>
  render(
    <ToastProvider>
      <Buttons />
    </ToastProvider>,
  );

describe('toasts', () => {
  it('announces errors as alerts and the rest politely', async () => {
    renderToasts();
    await userEvent.click(screen.getByRole('button', { name: 'error' }));
    await userEvent.click(screen.getByRole('button', { name: 'info' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Card declined');
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
  });

  it('shows one toast per text however often it is raised', async () => {
    renderToasts();
    await userEvent.click(screen.getByRole('button', { name: 'info' }));
    await userEvent.click(screen.getByRole('button', { name: 'info' }));
    expect(screen.getAllByText('Saved')).toHaveLength(1);
  });

  it(`keeps the newest ${MAX_VISIBLE_TOASTS} when a burst arrives`, () => {
    const show = grabToast();
    act(() => {
      for (let i = 1; i <= 12; i++) show(`ABC${i} new high`);
    });
    const shown = screen.getAllByTestId('toast').map((t) => t.querySelector('.toast-text')?.textContent);
    expect(shown).toEqual(['ABC9 new high', 'ABC10 new high', 'ABC11 new high', 'ABC12 new high']);
  });

  it(`live alerts keep their own ${MAX_LIVE_TOASTS}: a burst never pushes out the trader’s confirmation`, () => {
    const show = grabToast();
    act(() => {
      show('Trade alert added for AAPL', { tone: 'success' });
      for (let i = 1; i <= 12; i++) show(`ABC${i} new high`, { lane: 'live' });
    });
    const shown = screen.getAllByTestId('toast').map((t) => t.querySelector('.toast-text')?.textContent);
    expect(shown).toEqual([
      'ABC10 new high',
      'ABC11 new high',
      'ABC12 new high',
      'Trade alert added for AAPL',
    ]);
  });

  it('can be dismissed', async () => {
    renderToasts();
    await userEvent.click(screen.getByRole('button', { name: 'info' }));
    const toast = screen.getByTestId('toast');
    await userEvent.click(within(toast).getByRole('button'));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('goes away by itself after its time, 5 s unless told otherwise', () => {
    vi.useFakeTimers();
    renderToasts();
    act(() => screen.getByRole('button', { name: 'short' }).click());
    act(() => screen.getByRole('button', { name: 'info' }).click());
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByText('Copied')).not.toBeInTheDocument();
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('needs a provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Buttons />)).toThrow('useToast needs a ToastProvider');
    vi.restoreAllMocks();
  });
});
