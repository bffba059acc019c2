import { STREAM_BACKLOG_MAX } from '@tapeline/core';
import { io, type Socket } from 'socket.io-client';
import { Decoder, Encoder } from 'socket.io-parser';

/**
 * socket.io's decoder, allowing as many binary attachments as a `stream_resume` answer holds:
 * each missed batch is its own attachment (up to the server's backlog), and the default limit
 * of 10 makes the client drop the connection as a parse error, then ask again, forever.
 */
export class CatchUpDecoder extends Decoder {
  constructor() {
    super({ maxAttachments: STREAM_BACKLOG_MAX });
  }
}

/** One socket per signed-in tab, authenticated with the API token on every (re)connect. */
export function connectSocket(getToken: () => string | null): Socket {
  return io({
    path: '/socket.io',
    transports: ['websocket'],
    parser: { Encoder, Decoder: CatchUpDecoder },
    auth: (cb) => cb({ token: getToken() ?? '' }),
  });
}
