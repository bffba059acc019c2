/** A trailing debounce that can also be flushed at once (the page is being left) or cancelled. */
export interface Debounced {
  schedule(): void;
  flush(): void;
  cancel(): void;
  readonly pending: boolean;
}

export function debounced(run: () => void, waitMs: number): Debounced {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const clear = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  return {
    schedule() {
      clear();
      timer = setTimeout(() => {
        timer = null;
        run();
      }, waitMs);
    },
    flush() {
      if (timer === null) return;
      clear();
      run();
    },
    cancel: clear,
    get pending() {
      return timer !== null;
    },
  };
}
