/**
 * Controls that hold a change back for a debounce (sliders, `ui/useDraft.ts`) register here while
 * one waits, so leaving the page commits it into the settings store before the store sends what
 * it has (spec §4: changes are flushed on leaving; a slider moved in its last 200 ms is too).
 */
const waiting = new Set<() => void>();

/** A draft is waiting: `commitNow` puts it in the store. Returns the unregister. */
export function holdDraft(commitNow: () => void): () => void {
  waiting.add(commitNow);
  return () => {
    waiting.delete(commitNow);
  };
}

/** The page is being left: every waiting draft is committed at once. */
export function commitDrafts(): void {
  for (const commit of [...waiting]) commit();
}
