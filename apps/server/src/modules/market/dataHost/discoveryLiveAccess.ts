import { DISCOVERY_RECHECK_MS, type DiscoveryAccess, type TimeframeId } from '@tapeline/core';
import type { Server, Socket } from 'socket.io';
import { identityOf } from '../../../platform/realtime/socketRoute.ts';

// A live Discovery socket's plan is read when it subscribes and again every DISCOVERY_RECHECK_MS
// while it listens, so a downgrade (or a lapsed plan) stops the columns it no longer pays for
// within that time, as the data host's session cache does for fetches. The cost is one plan
// read per live socket per 30 s — what the default 30 s refresh already costs a fetching tab.

/** What a subscribed socket holds (socket.data.discovery). */
export interface HeldDiscovery {
  tf: TimeframeId;
  access: Exclude<DiscoveryAccess, 'none'>;
  checkedAt: number;
}

export const heldOf = (socket: Socket): HeldDiscovery | undefined =>
  socket.data.discovery as HeldDiscovery | undefined;

/**
 * Reads again the plan of each live socket on this node whose plan is older than the recheck
 * period, and hands those whose access changed to `changed`. Returns how many were read.
 */
export async function recheckDiscoveryAccess(
  io: Server,
  roomPrefix: string,
  now: number,
  access: (userId: string) => Promise<DiscoveryAccess>,
  changed: (socket: Socket, held: HeldDiscovery, access: DiscoveryAccess) => Promise<void>,
): Promise<number> {
  const due: Socket[] = [];
  const { rooms } = io.of('/').adapter;
  const { sockets } = io.of('/');
  for (const [room, ids] of rooms) {
    if (!room.startsWith(roomPrefix)) continue;
    for (const id of ids) {
      const socket = sockets.get(id);
      const held = socket ? heldOf(socket) : undefined;
      if (socket && held && now - held.checkedAt >= DISCOVERY_RECHECK_MS) due.push(socket);
    }
  }
  await Promise.all(
    due.map(async (socket) => {
      const held = heldOf(socket);
      if (!held) return;
      held.checkedAt = now;
      const current = await access(identityOf(socket).userId);
      if (current !== held.access) await changed(socket, held, current);
    }),
  );
  return due.length;
}
