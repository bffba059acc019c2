import {
  banEnd,
  CHAT_EVENTS,
  type chatBanSchema,
  type chatDeleteSchema,
  type chatSlowModeSchema,
  hasRole,
} from '@tapeline/core';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { alertDeliveries, chatBans, chatChannels, chatMessages, users } from '../../../platform/db/schema.ts';
import { SocketRefusalError } from '../../../platform/realtime/socketRoute.ts';
import { type ChatHandler, channelRoom, chatEvent } from './chatSocket.ts';

// What mods and admins do (docs/chat.md): delete a message, ban or lift a ban, set slow mode.

/**
 * chat_delete {v, id}: a soft delete; the room hears `delete`. Mention pushes of the message not
 * sent yet (a retry, a busy worker) are called off with it: a deleted message notifies no one more.
 */
export const deleteMessage: ChatHandler<z.infer<typeof chatDeleteSchema>> = async (
  deps,
  { principal: { user }, body },
) => {
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const [deleted] = await tx
      .update(chatMessages)
      .set({ deletedAt: now, deletedBy: user.id })
      .where(and(eq(chatMessages.id, body.id), isNull(chatMessages.deletedAt)))
      .returning({ channelId: chatMessages.channelId });
    if (deleted) {
      // A push already being sent still goes; its outcome is not written over this (deliveryQueue.ts).
      await tx
        .update(alertDeliveries)
        .set({ status: 'disabled', error: 'message deleted', updatedAt: now })
        .where(and(eq(alertDeliveries.chatMessageId, body.id), eq(alertDeliveries.status, 'pending')));
    }
    return deleted;
  });
  if (!row) throw new SocketRefusalError('unknown_message');
  await deps.rooms.emit(
    channelRoom(row.channelId),
    chatEvent({ type: 'delete', channel_id: row.channelId, id: body.id }),
  );
  return undefined;
};

/**
 * chat_ban {v, user_id, minutes, reason}: sets ban_exp_at (0 minutes lifts it) and keeps the
 * record; the user's sockets on every node hear `ban` so the countdown starts. Mods ban traders
 * only; admins anyone but themselves.
 */
export const ban: ChatHandler<z.infer<typeof chatBanSchema>> = async (deps, { principal, body }) => {
  const mod = principal.user;
  if (body.user_id === mod.id) throw new SocketRefusalError('cannot_ban');
  const now = deps.clock.now();
  const end = banEnd(body.minutes, now.getTime());
  const until = end === null ? null : new Date(end);
  await deps.db.transaction(async (tx) => {
    const [target] = await tx
      .select({ role: users.role })
      .from(users)
      .where(eq(users.id, body.user_id))
      .for('update');
    if (!target) throw new SocketRefusalError('unknown_user');
    if (hasRole(target.role, 'mod') && !hasRole(mod.role, 'admin'))
      throw new SocketRefusalError('cannot_ban');
    await tx.update(users).set({ banExpAt: until }).where(eq(users.id, body.user_id));
    await tx
      .insert(chatBans)
      .values({ userId: body.user_id, byId: mod.id, reason: body.reason, createdAt: now, until });
  });
  // This node's socket guards read the ban at once; other nodes within GUARD_FACTS_MS.
  deps.guards.socket.forget(body.user_id);
  deps.io.to(`user:${body.user_id}`).emit(
    CHAT_EVENTS.update,
    chatEvent({
      type: 'ban',
      ban_exp_at: end === null ? null : Math.floor(end / 1000),
      reason: body.reason,
    }),
  );
  return undefined;
};

/** chat_slow_mode {v, channel, seconds}: the room hears `slow_mode`. */
export const setSlowMode: ChatHandler<z.infer<typeof chatSlowModeSchema>> = async (deps, { body }) => {
  const [row] = await deps.db
    .update(chatChannels)
    .set({ slowModeS: body.seconds })
    .where(eq(chatChannels.id, body.channel))
    .returning({ id: chatChannels.id });
  if (!row) throw new SocketRefusalError('unknown_channel');
  await deps.rooms.emit(
    channelRoom(body.channel),
    chatEvent({ type: 'slow_mode', channel_id: body.channel, seconds: body.seconds }),
  );
  return undefined;
};
