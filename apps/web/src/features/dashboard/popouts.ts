import { POPOUT_WIDGETS, type Popout, type PopoutScreen, type PopoutWidgetId } from '@tapeline/core';

/** Spec §4: a pop-out closed while its layout is locked reopens after 500 ms. */
export const REOPEN_MS = 500;
const WATCH_MS = 500;
/** Pop-outs say they are going over this channel (their pagehide), ahead of the poll. */
export const POPOUT_CHANNEL = 'tapeline-popouts';
/** After a 'closing' message the opener looks at win.closed this often, for this long. */
export const CLOSE_CHECK_MS = 25;
export const CLOSE_CHECK_FOR_MS = 250;

interface ScreenDetailsWindow {
  getScreenDetails?: () => Promise<unknown>;
}

/**
 * Asks for window placement where the browser has it (Chromium's Window Management API), so a
 * pop-out can come back on the screen it was left on. A refusal still opens the window.
 */
async function askPlacement(): Promise<void> {
  const w = window as unknown as ScreenDetailsWindow;
  if (typeof w.getScreenDetails !== 'function') return;
  try {
    await w.getScreenDetails();
  } catch {
    // Denied or unsupported in this context: the window opens on the current screen.
  }
}

export function popoutFeatures(screen: PopoutScreen): string {
  return `popup=yes,left=${screen.x},top=${screen.y},width=${screen.w},height=${screen.h}`;
}

export interface PopoutWatch {
  widget: PopoutWidgetId;
  window: Window;
}

/** Opens (or focuses) a widget's window; null when the browser blocked it. */
export async function openPopout(popout: Popout, placement = true): Promise<Window | null> {
  if (placement) await askPlacement();
  const win = window.open(
    `/popout/${popout.widget}`,
    `tapeline-${popout.widget}`,
    popoutFeatures(popout.screen),
  );
  if (!win) return null;
  win.focus();
  return win;
}

/** Where a window sits now, in the layout's terms. */
export function screenOf(win: Window): PopoutScreen | null {
  try {
    const screen = {
      x: Math.round(win.screenX),
      y: Math.round(win.screenY),
      w: Math.max(100, Math.round(win.outerWidth)),
      h: Math.max(100, Math.round(win.outerHeight)),
    };
    return Number.isFinite(screen.x) && screen.w > 0 ? screen : null;
  } catch {
    return null;
  }
}

/**
 * Watches open pop-outs: reports where each sits and when one closes. Closed windows fire no
 * event across windows, so this polls, as often as the reopen delay.
 */
export function watchPopouts(
  watches: () => readonly PopoutWatch[],
  onMoved: (widget: PopoutWidgetId, screen: PopoutScreen) => void,
  onClosed: (widget: PopoutWidgetId) => void,
): () => void {
  const last = new Map<PopoutWidgetId, string>();
  const timer = setInterval(() => {
    for (const watch of watches()) {
      if (watch.window.closed) {
        last.delete(watch.widget);
        onClosed(watch.widget);
        continue;
      }
      const screen = screenOf(watch.window);
      if (!screen) continue;
      const key = JSON.stringify(screen);
      if (last.get(watch.widget) !== key) {
        if (last.has(watch.widget)) onMoved(watch.widget, screen);
        last.set(watch.widget, key);
      }
    }
  }, WATCH_MS);
  return () => clearInterval(timer);
}

/** What a BroadcastChannel offers that the pop-out messages use (a fake one in tests). */
export interface PopoutChannel {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent) => void) | null;
  close(): void;
}

export function openPopoutChannel(): PopoutChannel | null {
  return typeof BroadcastChannel === 'function' ? new BroadcastChannel(POPOUT_CHANNEL) : null;
}

export interface ClosingMessage {
  closing: PopoutWidgetId;
}

function closingWidget(data: unknown): PopoutWidgetId | null {
  if (typeof data !== 'object' || data === null) return null;
  const widget = (data as { closing?: unknown }).closing;
  return (POPOUT_WIDGETS as readonly unknown[]).includes(widget) ? (widget as PopoutWidgetId) : null;
}

/**
 * Hears pop-outs announce their pagehide. A close and a reload both send it, so the opener
 * looks at win.closed every 25 ms for 250 ms: closed is reported with the moment the message
 * came; still open after that was a reload and is left alone. The poll remains the fallback.
 */
export function listenClosing(
  channel: PopoutChannel,
  windowOf: (widget: PopoutWidgetId) => Window | undefined,
  onClosed: (widget: PopoutWidgetId, closingAt: number) => void,
  now: () => number,
): () => void {
  const checks = new Set<ReturnType<typeof setInterval>>();
  channel.onmessage = (event) => {
    const widget = closingWidget(event.data);
    const win = widget ? windowOf(widget) : undefined;
    if (!widget || !win) return;
    const closingAt = now();
    const check = () => {
      // The poll already handled it, or the widget was opened again since.
      if (windowOf(widget) !== win) return true;
      if (win.closed) {
        onClosed(widget, closingAt);
        return true;
      }
      return now() - closingAt >= CLOSE_CHECK_FOR_MS;
    };
    if (check()) return;
    const timer = setInterval(() => {
      if (!check()) return;
      clearInterval(timer);
      checks.delete(timer);
    }, CLOSE_CHECK_MS);
    checks.add(timer);
  };
  return () => {
    channel.onmessage = null;
    for (const timer of checks) clearInterval(timer);
    checks.clear();
  };
}

/** Help pages for allowing pop-ups, per browser (the blocked banner links the one in use). */
export const POPUP_HELP: readonly { browser: string; url: string }[] = [
  { browser: 'Chrome', url: 'https://support.google.com/chrome/answer/95472' },
  {
    browser: 'Edge',
    url: 'https://support.microsoft.com/microsoft-edge/block-pop-ups-in-microsoft-edge-1d8ba4f8-f385-9a0b-e944-aa47339b6bb5',
  },
  {
    browser: 'Firefox',
    url: 'https://support.mozilla.org/kb/pop-blocker-settings-exceptions-troubleshooting',
  },
  { browser: 'Safari', url: 'https://support.apple.com/guide/safari/block-pop-ups-sfri40696/mac' },
];

export function currentBrowser(userAgent: string): string {
  if (/Edg\//.test(userAgent)) return 'Edge';
  if (/Firefox\//.test(userAgent)) return 'Firefox';
  if (/Chrom(e|ium)\//.test(userAgent)) return 'Chrome';
  if (/Safari\//.test(userAgent)) return 'Safari';
  return 'Chrome';
}
