// Child process of the fan-out benchmark: opens N clients (socket.io or raw ws) and reports
// when each batch arrived, so latency is measured outside the server's process.
import { io } from 'socket.io-client';
import WebSocket from 'ws';

const [url = '', countArg = '100', kind = 'socketio'] = process.argv.slice(2);
const count = Number(countArg);
const latencies: number[] = [];
let connected = 0;

// The server puts the first ingest time at a fixed place ({"firstIngest":<13 digits>,…}) so
// that 2,000 clients in one process measure transport, not this process parsing every batch.
const PREFIX = '{"firstIngest":'.length;
function record(bytes: Buffer | ArrayBuffer) {
  const head = Buffer.from(bytes as ArrayBuffer).toString('latin1', PREFIX, PREFIX + 13);
  latencies.push(Date.now() - Number(head));
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
    process.send?.({ type: 'report', latencies });
    setTimeout(() => process.exit(0), 100);
  }
});
