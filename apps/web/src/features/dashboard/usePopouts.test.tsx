import { activeLayout, resetLayout, setLocked } from '@tapeline/core';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SettingsStore, type SettingsTransport } from '../../lib/settings/settingsStore.ts';
import type { PopoutChannel } from './popouts.ts';
import { type PopoutDeps, usePopouts } from './usePopouts.ts';

const transport: SettingsTransport = {
  get: () => Promise.resolve({ config: null, layout: null }),
  saveLayout: () => Promise.resolve(),
  saveConfig: () => Promise.resolve(),
  saveOnExit: () => {},
};

/** A pop-out window as the opener sees it: closed only when the test says so. */
function fakeWindow() {
  const win = {
    closed: false,
    focus() {},
    close() {
      win.closed = true;
    },
    screenX: 80,
    screenY: 80,
    outerWidth: 400,
    outerHeight: 600,
  };
  return win;
}

function fakeChannel(): PopoutChannel & { say(data: unknown): void } {
  const channel = {
    onmessage: null as PopoutChannel['onmessage'],
    postMessage() {},
    close() {},
    say(data: unknown) {
      channel.onmessage?.(new MessageEvent('message', { data }));
    },
  };
  return channel;
}

function setup(locked: boolean) {
  const store = new SettingsStore(transport, () => {}, false);
  if (locked) store.updateLayouts((all) => setLocked(all, activeLayout(all).key, true));
  const windows: ReturnType<typeof fakeWindow>[] = [];
  const open = vi.spyOn(window, 'open').mockImplementation(() => {
    const win = fakeWindow();
    windows.push(win);
    return win as unknown as Window;
  });
  const channel = fakeChannel();
  const deps: PopoutDeps = { now: () => Date.now(), channel: () => channel };
  const hook = renderHook(() => usePopouts(store, deps));
  const chatOpen = () =>
    activeLayout(store.getSnapshot().layouts).popout.find((p) => p.widget === 'chat')?.open;
  return { store, windows, open, channel, hook, chatOpen };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('pop-out windows', () => {
  beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2026, 10, 24, 15) }));
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('a locked layout reopens a closed pop-out 500 ms after it said it was closing', async () => {
    const { windows, open, channel, hook } = setup(true);
    await act(() => hook.result.current.open('chat', false));
    expect(open).toHaveBeenCalledTimes(1);

    act(() => channel.say({ closing: 'chat' }));
    await advance(10);
    const first = windows[0];
    if (!first) throw new Error('no window');
    first.closed = true;
    await advance(488);
    expect(open).toHaveBeenCalledTimes(1);
    await advance(2);
    expect(open).toHaveBeenCalledTimes(2);
    // The poll, coming later, does not open it a third time.
    await advance(1500);
    expect(open).toHaveBeenCalledTimes(2);
  });

  it('a reload (the window still open 250 ms later) changes nothing', async () => {
    const { open, channel, hook, chatOpen } = setup(true);
    await act(() => hook.result.current.open('chat', false));
    act(() => channel.say({ closing: 'chat' }));
    await advance(2000);
    expect(open).toHaveBeenCalledTimes(1);
    expect(chatOpen()).toBe(true);
    expect(hook.result.current.isOpen('chat')).toBe(true);
  });

  it('an unlocked layout records the pop-out as closed and does not reopen it', async () => {
    const { windows, open, channel, hook, chatOpen } = setup(false);
    await act(() => hook.result.current.open('chat', false));
    expect(chatOpen()).toBe(true);
    const first = windows[0];
    if (!first) throw new Error('no window');
    first.closed = true;
    act(() => channel.say({ closing: 'chat' }));
    await advance(2000);
    expect(chatOpen()).toBe(false);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('without a message the poll still finds the closed window and reopens it', async () => {
    const { windows, open, hook } = setup(true);
    await act(() => hook.result.current.open('chat', false));
    const first = windows[0];
    if (!first) throw new Error('no window');
    first.closed = true;
    // The poll looks every 500 ms and reopens 500 ms after it noticed.
    await advance(999);
    expect(open).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(open).toHaveBeenCalledTimes(2);
  });

  it('ignores messages about widgets it did not open and messages of another shape', async () => {
    const { open, channel, hook } = setup(true);
    await act(() => hook.result.current.open('chat', false));
    act(() => {
      channel.say({ closing: 'news' });
      channel.say({ closing: 'nonsense' });
      channel.say('chat');
    });
    await advance(2000);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('reset closes the layout’s windows, and on a locked layout they stay closed', async () => {
    const { store, windows, open, channel, hook, chatOpen } = setup(true);
    await act(() => hook.result.current.open('chat', false));
    await act(() => hook.result.current.open('news', false));
    act(() => {
      hook.result.current.closeAll();
      store.updateLayouts((all) => resetLayout(all, activeLayout(all).key));
    });
    expect(windows.map((w) => w.closed)).toEqual([true, true]);
    expect(hook.result.current.isOpen('chat')).toBe(false);
    expect(chatOpen()).toBe(false);
    act(() => channel.say({ closing: 'chat' }));
    await advance(3000);
    expect(open).toHaveBeenCalledTimes(2);
  });

  it('a window closed on a locked layout whose list no longer has it open does not come back', async () => {
    const { store, windows, open, hook } = setup(true);
    await act(() => hook.result.current.open('news', false));
    // Reset in another way (another tab's save): the list is cleared, the window is still up.
    act(() => store.updateLayouts((all) => resetLayout(all, activeLayout(all).key)));
    (windows[0] as { closed: boolean }).closed = true;
    await advance(3000);
    expect(open).toHaveBeenCalledTimes(1);
  });
});
