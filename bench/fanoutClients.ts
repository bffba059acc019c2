// Child process of the fan-out benchmark: opens N clients (socket.io or raw ws) and reports
// when each batch arrived, so latency is measured outside the server's process.
import { inflateRawSync } from 'node:zlib';
import { io } from 'socket.io-client';
import WebSocket from 'ws';

const [url = '', countArg = '100', kind = 'socketio'] = process.argv.slice(2);
const count = Number(countArg);
const latencies: number[] = [];
let failures = 0;
let connected = 0;

// Every frame is a batch deflated once by the server, as `compressedUpdate` carries it. A
// browser inflates and parses each batch it gets; here one process stands in for thousands of
// browsers that all get the same bytes, so the first of its clients to receive a batch decodes
// it in full (inflate + JSON.parse, a browser's work) and the others reuse that result. The
// frame's length and its first and last bytes tell batches apart.
const decoded = new Map<string, number>();
function firstIngestOf(bytes: Buffer): number {
  const key = `${bytes.length}:${bytes.toString('latin1', 0, 32)}:${bytes.toString('latin1', bytes.length - 32)}`;
  let firstIngest = decoded.get(key);
  if (firstIngest === undefined) {
    const batch = JSON.parse(inflateRawSync(bytes).toString()) as { firstIngest?: unknown };
    if (typeof batch.firstIngest !== 'number') throw new Error('batch without firstIngest');
    firstIngest = batch.firstIngest;
    decoded.set(key, firstIngest);
    if (decoded.size > 64) decoded.delete(decoded.keys().next().value as string);
  }
  return firstIngest;
}

function record(data: Buffer | ArrayBuffer) {
  // Receipt is when the frame arrived; decoding it does not count as transport.
  const receivedAt = Date.now();
  try {
    latencies.push(receivedAt - firstIngestOf(Buffer.isBuffer(data) ? data : Buffer.from(data)));
  } catch {
    failures++;
  }
}

for (let i = 0; i < count; i++) {
  if (kind === 'ws') {
    const socket = new WebSocket(url);
    socket.on('open', () => ++connected === count && process.send?.({ type: 'connected' }));
    socket.on('message', (data: Buffer) => record(data));
  } else {
    const socket = io(url, { transports: ['websocket'], reconnection: false });
    socket.on('connect', () => {
      socket.emit('join');
      if (++connected === count) process.send?.({ type: 'connected' });
    });
    socket.on('compressedUpdate', record);
  }
}

process.on('message', (message: { type: string }) => {
  if (message.type === 'report') {
    process.send?.({ type: 'report', latencies, failures });
    setTimeout(() => process.exit(0), 100);
  }
});
