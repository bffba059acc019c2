// Child process of the encoding benchmark: N socket.io clients (which offer permessage-deflate,
// as browsers do) join the stream room; the parent hears when every client has a batch, so
// the server's CPU for one broadcast is measured from emit to the last delivery.
import { io } from 'socket.io-client';

const [url = '', countArg = '100'] = process.argv.slice(2);
const count = Number(countArg);
const received: number[] = [];
let joined = 0;

for (let i = 0; i < count; i++) {
  const socket = io(url, { transports: ['websocket'], reconnection: false });
  let seen = 0;
  socket.on('connect', () =>
    socket.emit('join', () => ++joined === count && process.send?.({ type: 'ready' })),
  );
  // Messages arrive in order on each socket, so the n-th one is the parent's n-th batch.
  socket.on('compressedUpdate', () => {
    const n = seen++;
    received[n] = (received[n] ?? 0) + 1;
    if (received[n] === count) process.send?.({ type: 'all', n });
  });
}

process.on('message', (message: { type: string }) => {
  if (message.type === 'stop') process.exit(0);
});
