// Child process of the /ws/v1 fan-out benchmark: N bot connections (the plain WebSocket with a
// personal key, or socket.io tabs with an access token) that note when each batch `seq` arrived.
import { inflateRawSync } from 'node:zlib';
import { io } from 'socket.io-client';
import WebSocket from 'ws';

const [url = '', countArg = '100', kind = 'wsv1', secretList = ''] = process.argv.slice(2);
/** Keys or tokens, comma-separated: client i uses the (i mod n)-th (a user holds at most 10 connections). */
const secrets = secretList.split(',');
const count = Number(countArg);
/** [seq, receivedAt] per receipt. */
const receipts: [number, number][] = [];
let connected = 0;
let failures = 0;
const ready = () => ++connected === count && process.send?.({ type: 'connected' });

// socket.io batches are deflated bytes: the first client to get one decodes it (a browser's
// work), the others reuse the seq, as fanoutClients.ts does.
const seqs = new Map<number, number>();
function seqOf(bytes: Buffer): number {
  let seq = seqs.get(bytes.length);
  if (seq === undefined) {
    seq = (JSON.parse(inflateRawSync(bytes).toString()) as { seq: number }).seq;
    seqs.set(bytes.length, seq);
    if (seqs.size > 64) seqs.delete(seqs.keys().next().value as number);
  }
  return seq;
}

/** Opens client `i`; a bot whose connection drops before it subscribed reconnects (a full accept queue). */
function open(i: number): void {
  const secret = secrets[i % secrets.length];
  if (kind === 'wsv1') {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/ws/v1`, {
      headers: { authorization: `Bearer ${secret}` },
    });
    let subscribed = false;
    ws.on('message', (data: Buffer) => {
      const receivedAt = Date.now();
      const m = JSON.parse(data.toString()) as { type: string; seq?: number };
      if (m.type === 'authenticated') ws.send(JSON.stringify({ action: 'subscribe', streams: ['highs'] }));
      else if (m.type === 'subscribed') {
        subscribed = true;
        ready();
      } else if (m.type === 'data') receipts.push([m.seq as number, receivedAt]);
      else if (m.type === 'error') failures++;
    });
    ws.on('error', () => {});
    ws.on('close', () => {
      if (subscribed) failures++;
      else setTimeout(() => open(i), 200);
    });
  } else {
    const socket = io(url, { auth: { token: secret }, transports: ['websocket'], reconnectionDelay: 200 });
    socket.once('connect', ready);
    socket.on('compressedUpdate', (data: Buffer) => {
      const receivedAt = Date.now();
      try {
        receipts.push([seqOf(Buffer.from(data)), receivedAt]);
      } catch {
        failures++;
      }
    });
  }
}

// Fifty at a time, as bots come up, rather than a thousand SYNs at once.
for (let i = 0; i < count; i += 50)
  setTimeout(() => {
    for (let j = i; j < Math.min(count, i + 50); j++) open(j);
  }, i * 2);

process.on('message', (message: { type: string }) => {
  if (message.type === 'report') {
    process.send?.({ type: 'report', receipts, failures });
    setTimeout(() => process.exit(0), 100);
  }
});
