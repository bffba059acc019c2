import type { Clock } from '../../platform/clock.ts';
import type { Revocations } from './revocations.ts';
import type { SessionsRepository } from './sessionsRepository.ts';

/** How long a session's "live" answer is trusted before the database is asked again. */
export const SESSION_CACHE_MS = 30_000;

/** Whether a token's session is still live; what the data host asks for every request. */
export interface SessionCheck {
  isLive(sessionId: string, userId: string): Promise<boolean>;
}

interface Entry {
  userId: string;
  live: boolean;
  checkedAt: number;
}

/**
 * Remembers each session's answer for 30 s, so `/data` asks the database at most twice a
 * minute per session however often a widget polls; a session ended in this process is dropped
 * at once, one ended elsewhere (another node, the CLI) within 30 s.
 */
export function createSessionCache(
  sessions: Pick<SessionsRepository, 'isLive'>,
  clock: Clock,
  revocations: Revocations,
  ttlMs = SESSION_CACHE_MS,
): SessionCheck & { close(): void } {
  const entries = new Map<string, Entry>();
  const unsubscribe = revocations.subscribe(({ userId, sessionId }) => {
    if (sessionId) {
      entries.delete(sessionId);
      return;
    }
    for (const [id, entry] of entries) if (entry.userId === userId) entries.delete(id);
  });
  const prune = (now: number) => {
    for (const [id, entry] of entries) if (now - entry.checkedAt >= ttlMs) entries.delete(id);
  };
  return {
    async isLive(sessionId, userId) {
      const now = clock.now();
      const entry = entries.get(sessionId);
      if (entry && entry.userId === userId && now - entry.checkedAt < ttlMs) return entry.live;
      const live = await sessions.isLive(sessionId, userId, new Date(clock.now()));
      if (entries.size >= 50_000) prune(now);
      entries.set(sessionId, { userId, live, checkedAt: now });
      return live;
    },
    close: unsubscribe,
  };
}
