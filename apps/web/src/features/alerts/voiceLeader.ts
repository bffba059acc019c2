/**
 * One tab speaks. With the dashboard open in two tabs every alert arrives in both; only the tab
 * that holds the `tapeline-voice` Web Lock speaks, and when it closes the next tab takes over.
 * A browser without Web Locks (or a test environment) speaks in every tab, as before.
 */
export function claimVoice(onLeader: () => void): () => void {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) {
    onLeader();
    return () => {};
  }
  const controller = new AbortController();
  let release: () => void = () => {};
  locks
    .request('tapeline-voice', { signal: controller.signal }, () => {
      onLeader();
      // Held until this page unloads or the hook lets go.
      return new Promise<void>((resolve) => {
        release = resolve;
      });
    })
    .catch(() => undefined);
  return () => {
    controller.abort();
    release();
  };
}
