import { Worker } from 'node:worker_threads';

// The attacker of the flood test in a thread of its own. In one process the client's own work
// (encoding 6,000 frames, writing them, reading the acks) would run on the server's event loop and
// be counted against the server; a real attacker's machine is not the server's.

export interface FloodOrder {
  baseUrl: string;
  token: string;
  /** Frames to emit without waiting: each is [event, body]. */
  frames: [string, unknown][];
}

export interface FloodOutcome {
  /** Acks by outcome: 'ok' or the refusal code. */
  acks: Record<string, number>;
  /** Why the socket went (the server cut it off: 'transport close' or 'io server disconnect'). */
  disconnected: string;
}

const SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
(async () => {
  const { io } = await import(workerData.client);
  const socket = io(workerData.baseUrl, { auth: { token: workerData.token }, transports: ['websocket'], reconnection: false });
  await new Promise((resolve, reject) => { socket.once('connect', resolve); socket.once('connect_error', reject); });
  const acks = {};
  const count = (ack) => { const key = ack && ack.ok ? 'ok' : (ack && ack.error) || 'unreadable'; acks[key] = (acks[key] || 0) + 1; };
  socket.once('disconnect', (reason) => {
    // Acks already read are counted; let the last ones land.
    setTimeout(() => parentPort.postMessage({ type: 'gone', acks, disconnected: reason }), 50);
  });
  parentPort.once('message', () => {
    for (const [event, body] of workerData.frames) socket.emit(event, body, count);
  });
  parentPort.postMessage({ type: 'connected' });
})().catch((error) => parentPort.postMessage({ type: 'error', message: String(error) }));
`;

/** A connected flooder: `fire()` emits every frame at once; `gone` settles when the server cut it off. */
export async function startFlooder(
  order: FloodOrder,
): Promise<{ fire: () => void; gone: Promise<FloodOutcome> }> {
  const worker = new Worker(SOURCE, {
    eval: true,
    workerData: { ...order, client: import.meta.resolve('socket.io-client') },
  });
  let connected!: () => void;
  let failed!: (error: Error) => void;
  const ready = new Promise<void>((resolve, reject) => {
    connected = resolve;
    failed = reject;
  });
  const gone = new Promise<FloodOutcome>((resolve, reject) => {
    worker.on('message', (message: { type: string; message?: string } & FloodOutcome) => {
      if (message.type === 'connected') connected();
      else if (message.type === 'gone') {
        resolve({ acks: message.acks, disconnected: message.disconnected });
        void worker.terminate();
      } else {
        const error = new Error(`flooder: ${message.message}`);
        failed(error);
        reject(error);
        void worker.terminate();
      }
    });
    worker.on('error', (error) => {
      failed(error);
      reject(error);
    });
  });
  gone.catch(() => {});
  await ready;
  return { fire: () => worker.postMessage('fire'), gone };
}
