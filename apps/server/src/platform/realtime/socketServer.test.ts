import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { attachSocketServer } from './socketServer.ts';

const http = createServer();
const io = attachSocketServer(http, async () => ({ userId: 'u1', sessionId: 's1' }), {
  now: () => Date.now(),
  log: { warn: () => {} },
});
let port = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  port = (http.address() as AddressInfo).port;
});
afterAll(async () => {
  await io.close();
});

describe('socket server', () => {
  it('declines permessage-deflate even when a client offers it', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/socket.io/?EIO=4&transport=websocket`, {
      perMessageDeflate: true,
    });
    // engine.io's open packet: the upgrade reached socket.io, not some other handler.
    const first = new Promise<string>((resolve) => ws.once('message', (data) => resolve(String(data))));
    const extensions = await new Promise<string>((resolve, reject) => {
      ws.once('open', () => resolve(ws.extensions));
      ws.once('error', reject);
    });
    expect(await first).toMatch(/^0\{"sid":/);
    ws.close();
    expect(extensions).toBe('');
    expect(io.engine.opts.perMessageDeflate).toBe(false);
  });
});
