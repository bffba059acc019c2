import { useCallback, useEffect, useRef, useState } from 'react';
import { holdDraft } from '../lib/pendingDrafts.ts';

/** Spec §4/§9: slider changes are debounced by 200 ms before they reach the settings store. */
export const SLIDER_DEBOUNCE_MS = 200;

/**
 * A value the control shows at once while the store hears of it only after a quiet spell. A
 * change still waiting when the control goes away (tab switch, navigation) is committed then, and
 * so is one waiting when the page is left (`lib/pendingDrafts.ts`, before the store's flush).
 */
export function useDraft<T>(
  value: T,
  commit: (next: T) => void,
  delayMs = SLIDER_DEBOUNCE_MS,
): [T, (next: T) => void] {
  const [draft, setDraftState] = useState(value);
  const commitRef = useRef(commit);
  const latest = useRef(value);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const release = useRef<(() => void) | null>(null);

  /** Sends the waiting change now, if one waits. */
  const commitNow = useCallback(() => {
    release.current?.();
    release.current = null;
    if (timer.current === null) return;
    clearTimeout(timer.current);
    timer.current = null;
    commitRef.current(latest.current);
  }, []);

  useEffect(() => {
    commitRef.current = commit;
  }, [commit]);

  // The store changed on its own (loaded, or another control): follow it unless a change waits.
  useEffect(() => {
    if (timer.current === null) {
      latest.current = value;
      setDraftState(value);
    }
  }, [value]);

  useEffect(() => commitNow, [commitNow]);

  const setDraft = useCallback(
    (next: T) => {
      latest.current = next;
      setDraftState(next);
      if (timer.current !== null) clearTimeout(timer.current);
      release.current ??= holdDraft(commitNow);
      timer.current = setTimeout(commitNow, delayMs);
    },
    [delayMs, commitNow],
  );

  return [draft, setDraft];
}
