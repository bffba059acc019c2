import { io, type Socket } from 'socket.io-client';

/**
 * Polls `probe` until it answers something other than undefined; fails naming `what` after `ms`.
 * For what arrives over real sockets, buses and threads, where no clock can be moved.
 */
export async function until<T>(
  what: string,
  probe: () => T | undefined | Promise<T | undefined>,
  ms = 15_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what} did not happen within ${ms} ms`);
}

/** A trader's tab: a socket.io client on `baseUrl` with their token, connected. */
export function connectTab(baseUrl: string, token: string): Promise<Socket> {
  const socket = io(baseUrl, { auth: { token }, transports: ['websocket'], reconnection: false });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}
