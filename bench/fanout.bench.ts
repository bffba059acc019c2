// Fan-out: N real clients in another process; a synthetic tape ingested by the engine at a set
// rate; batches drained, serialized and deflated once (as on the engine thread) and broadcast. Measures ingest → receipt latency, the
// broadcast's cost against a raw ws broadcast of the same bytes, and memory per client.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateRawSync } from 'node:zlib';
import { Server } from 'socket.io';
import { WebSocketServer } from 'ws';
import { EngineRuntime } from '../apps/server/src/modules/market/engine/runtime.ts';
import { forkBenchProcess, percentile } from './clientProcess.ts';

const START = Date.UTC(2026, 10, 23, 15, 0);

export interface FanoutFigures {
  fanout_clients: number;
  fanout_p50_ms: number;
  fanout_p99_ms: number;
  fanout_vs_ws: number;
  bytes_per_client: number;
}

function startClients(url: string, count: number, kind: 'socketio' | 'ws') {
  const clients = forkBenchProcess(new URL('./fanoutClients.ts', import.meta.url), [
    url,
    String(count),
    kind,
  ]);
  const connected = clients.next('connected');
  const report = async () => {
    const m = await clients.ask<{ latencies?: number[]; failures?: number }>({ type: 'report' }, 'report');
    // A frame the clients could not inflate and parse makes every figure meaningless.
    if (m.failures) throw new Error(`${m.failures} frames did not decode on the clients`);
    return m.latencies ?? [];
  };
  return { connected, report };
}

export async function benchFanout(options: {
  clients: number;
  tradesPerSec: number;
  seconds: number;
  drainMs: number;
}) {
  const http = createServer();
  const io = new Server(http, { serveClient: false });
  io.on('connection', (socket) => socket.on('join', () => socket.join('stream')));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const port = (http.address() as AddressInfo).port;

  const rssBefore = process.memoryUsage().rss;
  const clients = startClients(`http://127.0.0.1:${port}`, options.clients, 'socketio');
  await clients.connected;
  await new Promise((resolve) => setTimeout(resolve, 500));
  const bytesPerClient = (process.memoryUsage().rss - rssBefore) / options.clients;

  // The tape: prints at the set rate in slices of 5 ms; each symbol random-walks around its
  // price, so new highs and lows come often at first and then thin out, as in a session.
  const runtime = new EngineRuntime('bench', null, { clockStart: START });
  const symbols = Array.from({ length: 10_000 }, (_, i) => `S${i.toString(36).toUpperCase()}`);
  const walk = new Float64Array(symbols.length).fill(0);
  let seed = 42;
  const rand = () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 4294967296;
  };
  let n = 0;
  let firstIngest = 0;
  let sample: Buffer = Buffer.from('{}');
  const perSlice = Math.max(1, Math.round((options.tradesPerSec * 5) / 1000));
  const tape = setInterval(() => {
    const now = Date.now();
    if (firstIngest === 0) firstIngest = now;
    for (let i = 0; i < perSlice; i++, n++) {
      const k = n % symbols.length;
      walk[k] = (walk[k] as number) + (rand() - 0.5) * 0.02;
      runtime.sink.clock(START + n);
      runtime.sink.trade(symbols[k] as string, 10 + (k % 500) + (walk[k] as number), 100, START + n);
    }
  }, 5);
  const drain = setInterval(() => {
    const json = runtime.drain();
    if (!json || firstIngest === 0) return;
    // Raw deflate at zlib's default level, as the engine thread sends every batch.
    const bytes = deflateRawSync(`{"firstIngest":${firstIngest},${json.slice(1)}`);
    firstIngest = 0;
    io.to('stream').emit('compressedUpdate', bytes);
    if (bytes.length > sample.length) sample = bytes;
  }, options.drainMs);
  await new Promise((resolve) => setTimeout(resolve, options.seconds * 1000));
  clearInterval(tape);
  clearInterval(drain);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const latencies = await clients.report();

  // Broadcast cost, like for like: the largest batch sent the same number of times through
  // socket.io, then through a raw ws server to as many clients.
  const ROUNDS = 20;
  const cpu = async (send: () => void) => {
    let total = 0;
    for (let i = 0; i < ROUNDS; i++) {
      // socket.io writes on later ticks, so the window includes the flush that follows.
      const t0 = process.cpuUsage();
      send();
      await new Promise((resolve) => setTimeout(resolve, 50));
      const d = process.cpuUsage(t0);
      total += d.user + d.system;
    }
    return total;
  };
  const emitCpu = await cpu(() => io.to('stream').emit('compressedUpdate', sample));
  io.close();

  // The same bytes through a raw ws server to as many clients, for the broadcast's cost.
  const raw = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => raw.once('listening', resolve));
  const rawClients = startClients(
    `ws://127.0.0.1:${(raw.address() as AddressInfo).port}`,
    options.clients,
    'ws',
  );
  await rawClients.connected;
  const rawCpu = await cpu(() => {
    for (const client of raw.clients) client.send(sample);
  });
  await rawClients.report();
  raw.close();

  return {
    fanout_clients: options.clients,
    fanout_p50_ms: percentile(latencies, 50),
    fanout_p99_ms: percentile(latencies, 99),
    fanout_vs_ws: Number((emitCpu / Math.max(1, rawCpu)).toFixed(2)),
    bytes_per_client: Math.round(bytesPerClient),
  } satisfies FanoutFigures;
}
