import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PushState } from '../../lib/push/index.ts';
import { renderNotifications } from '../../test-setup/alertFixtures.tsx';
import { PUSH_ANSWER_MS } from './DeliverySection.tsx';
import { notificationsText as text } from './notificationsText.ts';

// Browser push is its own module with its own tests (a faked service worker and PushManager);
// here it is replaced by one whose state the test sets, to check what the toggle shows and calls.
const push = vi.hoisted(() => ({
  state: 'off' as PushState,
  listeners: new Set<() => void>(),
  enable: vi.fn<() => Promise<PushState>>(),
  disable: vi.fn<() => Promise<PushState>>(),
}));
vi.mock('../../lib/push/index.ts', async (importOriginal) => {
  const { useSyncExternalStore } = await import('react');
  // The session's own use of the module (pushSupport, syncPush) stays the real one.
  const real = await importOriginal<typeof import('../../lib/push/index.ts')>();
  const set = (state: PushState) => {
    push.state = state;
    for (const listener of push.listeners) listener();
    return state;
  };
  return {
    ...real,
    usePushState: () =>
      useSyncExternalStore(
        (listener) => {
          push.listeners.add(listener);
          return () => push.listeners.delete(listener);
        },
        () => push.state,
      ),
    enablePush: () => push.enable().then(set),
    disablePush: () => push.disable().then(set),
  };
});

const toggle = () => screen.getByRole('switch', { name: text.push });

beforeEach(() => {
  push.state = 'off';
  push.enable.mockReset();
  push.disable.mockReset();
});

describe('push toggle', () => {
  it('turns push on and off for this browser', async () => {
    push.enable.mockResolvedValue('on');
    push.disable.mockResolvedValue('off');
    const { user } = renderNotifications('standard');
    await screen.findByRole('switch', { name: text.push });
    expect(toggle()).not.toBeChecked();

    await user.click(toggle());
    await waitFor(() => expect(toggle()).toBeChecked());
    await user.click(toggle());
    await waitFor(() => expect(toggle()).not.toBeChecked());
    expect(push.enable).toHaveBeenCalledTimes(1);
    expect(push.disable).toHaveBeenCalledTimes(1);
  });

  it('says why it is off when the browser cannot, or the trader blocked it', async () => {
    push.state = 'unsupported';
    renderNotifications('standard');
    await screen.findByRole('switch', { name: text.push });
    expect(toggle()).toBeDisabled();
    expect(toggle()).toHaveAccessibleDescription(text.pushUnsupported);
    act(() => {
      push.state = 'denied';
      for (const listener of push.listeners) listener();
    });
    expect(toggle()).toHaveAccessibleDescription(text.pushDenied);
  });

  it('a failure to register says so and leaves it off', async () => {
    push.enable.mockRejectedValue(new Error('API 500'));
    const { user } = renderNotifications('standard');
    await user.click(await screen.findByRole('switch', { name: text.push }));
    expect(await screen.findByText(text.pushFailed)).toBeInTheDocument();
    expect(toggle()).not.toBeChecked();
  });
});

describe('push toggle while the push service is slow (issue 27)', () => {
  it('spins and says so while asked, and gives up with a message when no service answers in time', async () => {
    push.enable.mockReturnValue(new Promise<PushState>(() => {}));
    // The toggle's deadline is made on this clock (which also follows real time, for the page).
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderNotifications('standard');
    await user.click(await screen.findByRole('switch', { name: text.push }));
    expect(toggle()).toHaveAccessibleDescription(text.pushWorking);
    expect(toggle()).toBeDisabled();
    await act(async () => vi.advanceTimersByTimeAsync(PUSH_ANSWER_MS));
    vi.useRealTimers();
    expect(await screen.findByText(text.pushNoAnswer)).toBeInTheDocument();
    expect(toggle()).toBeEnabled();
    expect(toggle()).not.toBeChecked();
    expect(toggle()).toHaveAccessibleDescription(text.pushHint);
  });
});
