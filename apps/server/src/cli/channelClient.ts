import { connect } from 'node:net';
import type { ChannelRequest, ChannelResponse } from './protocol.ts';

/**
 * Sends one command to a running server. Null when no server listens (no socket file, or one
 * left behind by a crash): then the caller may open the database itself, under the lock.
 */
export function sendToServer(socketPath: string, request: ChannelRequest): Promise<ChannelResponse | null> {
  return new Promise((resolve, reject) => {
    const socket = connect(socketPath);
    let answer = '';
    let connected = false;
    socket.setEncoding('utf8');
    socket.setTimeout(15_000, () => socket.destroy(new Error('the server did not answer within 15 s')));
    socket.on('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')) resolve(null);
      else reject(error);
    });
    socket.on('end', () => {
      try {
        resolve(JSON.parse(answer) as ChannelResponse);
      } catch {
        reject(new Error('the server sent an unreadable answer'));
      }
    });
  });
}
