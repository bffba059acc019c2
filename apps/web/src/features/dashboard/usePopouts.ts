import { activeLayout, type Layout, type Popout, type PopoutWidgetId, setPopout } from '@tapeline/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SettingsStore } from '../../lib/settings/settingsStore.ts';
import {
  listenClosing,
  openPopout,
  openPopoutChannel,
  type PopoutChannel,
  REOPEN_MS,
  watchPopouts,
} from './popouts.ts';

/** The clock and the pop-outs' channel (fakes in tests). */
export interface PopoutDeps {
  now(): number;
  channel(): PopoutChannel | null;
}
const BROWSER: PopoutDeps = { now: () => Date.now(), channel: openPopoutChannel };

function updateActive(store: SettingsStore, change: (layout: Layout) => Layout): void {
  store.updateLayouts((layouts) => layouts.map((l) => (l.active ? change(l) : l)));
}

/** The dashboard's pop-out windows: open, remember where they sit, reopen when locked. */
export function usePopouts(store: SettingsStore, deps: PopoutDeps = BROWSER) {
  const windows = useRef(new Map<PopoutWidgetId, Window>());
  const [blocked, setBlocked] = useState(false);

  const entryFor = useCallback(
    (widget: PopoutWidgetId): Popout => {
      const layout = activeLayout(store.getSnapshot().layouts);
      const saved = layout.popout.find((p) => p.widget === widget);
      return saved ?? { widget, screen: { x: 80, y: 80, w: 480, h: 640 }, open: true };
    },
    [store],
  );

  const open = useCallback(
    async (widget: PopoutWidgetId, placement = true) => {
      const entry = { ...entryFor(widget), open: true };
      const win = await openPopout(entry, placement);
      if (!win) {
        setBlocked(true);
        return;
      }
      setBlocked(false);
      windows.current.set(widget, win);
      updateActive(store, (l) => setPopout(l, entry));
    },
    [entryFor, store],
  );

  // A window that closed: a locked layout gets it back 500 ms after it went, else it is closed.
  // Only a window the layout still lists as open comes back (a reset cleared the list).
  const closed = useCallback(
    (widget: PopoutWidgetId, closingAt: number) => {
      windows.current.delete(widget);
      const layout = activeLayout(store.getSnapshot().layouts);
      if (layout.locked) {
        const listed = () =>
          activeLayout(store.getSnapshot().layouts).popout.some((p) => p.widget === widget && p.open);
        if (!listed()) return;
        const reopen = () => {
          if (listed() && !windows.current.has(widget)) void open(widget, false);
        };
        setTimeout(reopen, Math.max(0, closingAt + REOPEN_MS - deps.now()));
      } else {
        updateActive(store, (l) => setPopout(l, { ...entryFor(widget), open: false }));
      }
    },
    [store, entryFor, open, deps],
  );

  useEffect(
    () =>
      watchPopouts(
        () => [...windows.current].map(([widget, window]) => ({ widget, window })),
        (widget, screen) =>
          updateActive(store, (l) => setPopout(l, { ...entryFor(widget), screen, open: true })),
        (widget) => closed(widget, deps.now()),
      ),
    [store, entryFor, closed, deps],
  );

  useEffect(() => {
    const channel = deps.channel();
    if (!channel) return;
    const stop = listenClosing(channel, (widget) => windows.current.get(widget), closed, deps.now);
    return () => {
      stop();
      channel.close();
    };
  }, [closed, deps]);

  // Leaving the dashboard inside the app keeps the windows; closing the tab closes them.
  useEffect(() => {
    const closeAll = () => {
      for (const win of windows.current.values()) win.close();
    };
    window.addEventListener('pagehide', closeAll);
    return () => window.removeEventListener('pagehide', closeAll);
  }, []);

  /** Reset (spec §4 "clears pop-outs"): the active layout's windows close and stay closed. */
  const closeAll = useCallback(() => {
    const open = [...windows.current.values()];
    windows.current.clear();
    for (const win of open) win.close();
  }, []);

  const isOpen = useCallback((widget: PopoutWidgetId) => windows.current.has(widget), []);
  return { open, blocked, dismissBlocked: () => setBlocked(false), isOpen, closeAll };
}
