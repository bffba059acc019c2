import type { ChatMessage, ChatUser } from '@tapeline/core';

// Literal chat data for the widget's tests (pure and component).

export const ME_ID = '0b6f5c8e-2f35-4d0e-9a57-6f1f4d2c9a10';
export const OTHER_ID = '6d1c2b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d';

export const chatUser = (id: string, name: string, badges: Partial<ChatUser['badges']> = {}): ChatUser => ({
  id,
  name,
  avatar: null,
  badges: { service1yr: false, vip: false, modadmin: false, ...badges },
});

export const ME = chatUser(ME_ID, 'tapereader');
export const ANN = chatUser(OTHER_ID, 'annie', { vip: true });

/** A message in `general` by Annie unless told otherwise. */
export function chatMessage(
  id: number,
  createdAt: number,
  overrides: Partial<ChatMessage> = {},
): ChatMessage {
  return {
    id,
    channel_id: 'general',
    content: `message ${id}`,
    vote: 0,
    me_vote: 0,
    created_at: createdAt,
    reply: null,
    user: ANN,
    ...overrides,
  };
}
