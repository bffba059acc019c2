import {
  type ChatChannel,
  type ChatMessage,
  chatChannelsAnswerSchema,
  chatMessagesAnswerSchema,
  PROTOCOL_VERSION,
  type ProfileResponse,
  profileResponseSchema,
  type User,
  usernameListSchema,
} from '@tapeline/core';
import {
  type FakeApi,
  fakeApi,
  ok,
  paramsOf,
  queryRoute,
  withDataHost,
} from '../../../test-setup/fakeApi.ts';
import { socket } from '../../../test-setup/fakeSocket.ts';
import { signedIn } from '../../../test-setup/session.tsx';
import { ANN, ME } from './chatFixtures.ts';

// Helpers of the Chat widget's component tests. The network is faked at fetch as everywhere:
// GET /api/chat/{channel}/messages is answered from its URL (fakeApi matches paths only), the
// rest by fakeApi; the tab's socket is test-setup/fakeSocket.ts (vi.mock in each test file).

export const CHANNELS: ChatChannel[] = [
  { id: 'general', label: 'General', slow_mode: 0 },
  { id: 'options', label: 'Options', slow_mode: 0 },
];

export const NAMES = [
  { s: 'AAPL', n: 'Apple Inc.' },
  { s: 'AMD', n: 'Advanced Micro Devices' },
];
export const USERS = [
  { id: ME.id, username: ME.name },
  { id: ANN.id, username: ANN.name },
  { id: '3f0c9a41-1b6e-4f0e-8d3c-2a1b0c9d8e7f', username: 'annabel' },
];

export interface ChatServer {
  api: FakeApi;
  /** Every GET of a messages page, as its URL. */
  asked: URL[];
  /** The answer to the next message pages. */
  pages(next: (url: URL) => { status: number; body: unknown }): void;
}

export const page = (messages: ChatMessage[], reachedEnd = true) =>
  ok(chatMessagesAnswerSchema, { messages, reachedEnd });

/** A signed-in trader (tapereader) with the chat's routes answered; messages from `first`. */
export function chatServer(
  first: (url: URL) => { status: number; body: unknown },
  user: Partial<User> = {},
  /** More of GET /api/profile's answer, e.g. the reason of a ban that holds. */
  profile: Partial<ProfileResponse> = {},
): ChatServer {
  const api = withDataHost(fakeApi())
    .on('GET /api/chat/channels', ok(chatChannelsAnswerSchema, { channels: CHANNELS }))
    .on('GET /api/users', ok(usernameListSchema, USERS))
    .on('GET /data/stock-names.json', { status: 200, body: NAMES });
  const me = signedIn(api, user);
  api.on(
    'GET /api/profile',
    ok(profileResponseSchema, {
      username: me.username,
      role: me.role,
      chat: me.chat,
      vibe: 0,
      cur_posts: 0,
      tot_posts: 0,
      service1yr: false,
      vip: false,
      image: null,
      chat_notification: true,
      ban_exp_at: me.profile.ban_exp_at,
      ...profile,
    }),
  );
  const messages = queryRoute((path) => /^\/api\/chat\/[^/]+\/messages$/.test(path), first);
  return { api, asked: messages.asked, pages: messages.answer };
}

export { paramsOf };

/** Every chat call the widget sent on the socket, in order, as [event, payload]. */
export function sentCalls(event?: string): [string, unknown][] {
  return socket.sent
    .filter(([name]) => event === undefined || name === event)
    .map(([name, payload]) => [name, payload]);
}

export const v = PROTOCOL_VERSION;

/** Forgets the previous test's socket listeners and calls. */
export function resetSocket(): void {
  socket.listeners.clear();
  socket.rooms.clear();
  socket.sent.length = 0;
  socket.answers.length = 0;
  socket.connected = true;
}
