import { io, type Socket } from 'socket.io-client';

/** One socket per signed-in tab, authenticated with the API token on every (re)connect. */
export function connectSocket(getToken: () => string | null): Socket {
  return io({
    path: '/socket.io',
    transports: ['websocket'],
    auth: (cb) => cb({ token: getToken() ?? '' }),
  });
}
