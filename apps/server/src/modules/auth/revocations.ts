/** A session ended (`sessionId`), or every session of a user (`sessionId: null`). */
export interface Revocation {
  userId: string;
  sessionId: string | null;
}

/**
 * Tells this process's holders of live connections (sockets, the data host's cache) that
 * sessions ended, so they drop them now rather than at their next check. The database is the
 * truth; this only shortens the wait.
 */
export interface Revocations {
  publish(revocation: Revocation): void;
  subscribe(listener: (revocation: Revocation) => void): () => void;
}

export function createRevocations(): Revocations {
  const listeners = new Set<(revocation: Revocation) => void>();
  return {
    publish(revocation) {
      for (const listener of listeners) listener(revocation);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
