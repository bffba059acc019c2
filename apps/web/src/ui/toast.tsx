import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { controlText } from './controlText.ts';

export type ToastTone = 'error' | 'success' | 'info';
/**
 * `live`: what the market says unasked (fired alerts, chat mentions); `app` (the default): what
 * the page says about the trader's own action (saved, added, failed). Each lane keeps its own
 * newest few, so a burst of live alerts never pushes out "Trade alert added for AAPL".
 */
export type ToastLane = 'app' | 'live';

interface Toast {
  id: number;
  text: string;
  tone: ToastTone;
  durationMs: number;
  lane: ToastLane;
}

type ShowToast = (
  text: string,
  options?: { tone?: ToastTone; durationMs?: number; lane?: ToastLane },
) => void;

const DEFAULT_DURATION_MS = 5000;
/** Where popovers are not supported the toasts stay an ordinary fixed layer (never hidden). */
const POPOVER = typeof HTMLElement !== 'undefined' && 'showPopover' in HTMLElement.prototype;
/** A burst must not bury the page: the newest few of a lane show, older ones give way. */
export const MAX_VISIBLE_TOASTS = 4;
export const MAX_LIVE_TOASTS = 3;
const LANE_MAX: Readonly<Record<ToastLane, number>> = { app: MAX_VISIBLE_TOASTS, live: MAX_LIVE_TOASTS };

/** The newest of each lane, within its cap. */
function withinLanes(toasts: readonly Toast[]): Toast[] {
  const kept = new Set<number>();
  for (const lane of Object.keys(LANE_MAX) as ToastLane[]) {
    for (const t of toasts.filter((x) => x.lane === lane).slice(-LANE_MAX[lane])) kept.add(t.id);
  }
  return toasts.filter((t) => kept.has(t.id));
}

const ToastContext = createContext<ShowToast | null>(null);

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast needs a ToastProvider');
  return show;
}

/** Lives above the router so a toast survives the navigation it announces (reset → /login). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback<ShowToast>((text, options) => {
    const toast: Toast = {
      id: nextId.current++,
      text,
      tone: options?.tone ?? 'info',
      durationMs: options?.durationMs ?? DEFAULT_DURATION_MS,
      lane: options?.lane ?? 'app',
    };
    // One toast per text: a screen re-mounting must not stack copies of the same message.
    setToasts((current) => withinLanes([...current.filter((t) => t.text !== text), toast]));
  }, []);

  const value = useMemo(() => show, [show]);
  const layer = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // A modal <dialog> sits in the browser's top layer, above any z-index: the toasts join the
    // top layer as a manual popover, shown again on each change so they stay above a dialog
    // opened after them (a toast about a modal's own form must be readable over its backdrop).
    const el = layer.current;
    if (!el || !POPOVER) return;
    if (el.matches(':popover-open')) el.hidePopover();
    if (toasts.length > 0) el.showPopover();
  }, [toasts]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="toasts" popover={POPOVER ? 'manual' : undefined} ref={layer}>
        {/* Live alerts above, the trader's own confirmations below them. */}
        {[...toasts.filter((t) => t.lane === 'live'), ...toasts.filter((t) => t.lane === 'app')].map(
          (toast) => (
            <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
          ),
        )}
      </div>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(toast.id), toast.durationMs);
    return () => clearTimeout(timer);
  }, [toast, onDismiss]);

  return (
    <div
      className={`toast toast-${toast.tone}`}
      data-lane={toast.lane}
      role={toast.tone === 'error' ? 'alert' : 'status'}
      data-testid="toast"
    >
      <span className="toast-text">{toast.text}</span>
      <button type="button" className="toast-dismiss" onClick={() => onDismiss(toast.id)}>
        {controlText.dismiss}
      </button>
    </div>
  );
}
