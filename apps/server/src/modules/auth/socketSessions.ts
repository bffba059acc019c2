import type { Server } from 'socket.io';
import type { Clock } from '../../platform/clock.ts';
import { identityOf } from '../../platform/realtime/socketRoute.ts';
import type { Revocations } from './revocations.ts';
import type { SessionsRepository } from './sessionsRepository.ts';

export const SOCKET_SWEEP_MS = 30_000;

export interface SocketSessionWatch {
  /** Disconnects this node's sockets whose session is no longer live (one query). */
  sweep(): Promise<number>;
  close(): void;
}

/**
 * Keeps open sockets honest about their sessions. A revocation in this process closes the
 * session's (or user's) sockets on every node at once, through the socket.io adapter; a sweep
 * every 30 s catches sessions ended where no socket server listens (the CLI) or expired.
 */
export function watchSocketSessions(
  io: Server,
  deps: { sessions: Pick<SessionsRepository, 'liveAmong'>; revocations: Revocations; clock: Clock },
  intervalMs = SOCKET_SWEEP_MS,
): SocketSessionWatch {
  const unsubscribe = deps.revocations.subscribe(({ userId, sessionId }) => {
    io.in(sessionId ? `session:${sessionId}` : `user:${userId}`).disconnectSockets(true);
  });
  const sweep = async () => {
    const sockets = await io.local.fetchSockets();
    const ids = [...new Set(sockets.map((socket) => identityOf(socket).sessionId))];
    const live = await deps.sessions.liveAmong(ids, deps.clock.now());
    let closed = 0;
    for (const socket of sockets) {
      if (live.has(identityOf(socket).sessionId)) continue;
      socket.disconnect(true);
      closed += 1;
    }
    return closed;
  };
  const timer = setInterval(() => void sweep().catch(() => {}), intervalMs);
  timer.unref();
  return {
    sweep,
    close() {
      clearInterval(timer);
      unsubscribe();
    },
  };
}
