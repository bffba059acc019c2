import type { ChatChannelsAnswer } from '@tapeline/core';
import type { ChatRepository } from './repository.ts';

/** GET /api/chat/channels: every channel in its order, with its slow mode. */
export async function listChannels(repository: ChatRepository): Promise<ChatChannelsAnswer> {
  const rows = await repository.channels();
  return { channels: rows.map((c) => ({ id: c.id, label: c.label, slow_mode: c.slowModeS })) };
}
