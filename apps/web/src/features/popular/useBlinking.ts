import { useEffect, useRef, useState } from 'react';
import { POPULAR_BLINK_MS, risingSymbols } from './popularRules.ts';

/**
 * Which symbols blink now, each with the update that started it (a key that restarts the
 * animation when the same symbol rises again). Each update's symbols stop 5 s after it.
 */
export function useBlinking(symbols: readonly string[] | undefined): ReadonlyMap<string, number> {
  const previous = useRef<readonly string[] | null>(null);
  const update = useRef(0);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const [blinking, setBlinking] = useState<ReadonlyMap<string, number>>(new Map());

  useEffect(() => {
    if (!symbols) return;
    const rising = risingSymbols(previous.current, symbols);
    previous.current = symbols;
    if (rising.length === 0) return;
    const started = ++update.current;
    setBlinking((current) => new Map([...current, ...rising.map((s) => [s, started] as const)]));
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      // A symbol that rose again since keeps blinking for its newer update.
      setBlinking((current) => new Map([...current].filter(([, since]) => since !== started)));
    }, POPULAR_BLINK_MS);
    timers.current.add(timer);
  }, [symbols]);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);

  return blinking;
}
