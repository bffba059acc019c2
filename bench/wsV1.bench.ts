// `/ws/v1` fan-out (issue 25): the real app in-process (as server tests start it), N bot
// connections with one personal key in a child process, the same engine batches published on
// the bus as the engine thread publishes them; then the same batches to N socket.io tabs of the
// same app's `stream` room, for the figure beside it. Latency: bus publish → client receipt.
import { deflateRawSync } from 'node:zlib';
import { PROTOCOL_VERSION, WS_V1_CONNECTIONS_PER_USER } from '@tapeline/core';
import { encodeBusFrame } from '../apps/server/src/modules/market/stream/busFrame.ts';
import { STREAM_ROOM, STREAM_TOPIC } from '../apps/server/src/modules/market/stream/gateway.ts';
import { startTestApp, type TestApp } from '../apps/server/src/test/testApp.ts';
import { benchArg } from './benchArg.ts';
import { seedTraders } from './chat.bench.ts';
import { forkBenchProcess, percentile } from './clientProcess.ts';

export interface WsV1Figures {
  wsv1_clients: number;
  wsv1_p50_ms: number;
  wsv1_p99_ms: number;
  wsv1_cpu_ms_per_batch: number;
  socketio_p50_ms: number;
  socketio_p99_ms: number;
  socketio_cpu_ms_per_batch: number;
}

const EP = 1_790_000_000_000;

/** A batch of `highs` new highs, as the engine serializes one (the socket.io wire's arrays). */
function batch(seq: number, highs: number): Buffer {
  const entries = Array.from({ length: highs }, (_, i) => [
    `S${i}`,
    10 + i / 100,
    seq,
    1,
    1,
    100_000 + i,
    'NASDAQ',
    null,
    null,
    2.1,
    0.5,
    null,
    EP + seq,
  ]);
  const json = JSON.stringify({
    v: PROTOCOL_VERSION,
    ep: EP,
    seq,
    ts: EP + seq * 250,
    highs: entries,
    lows: [],
    halts: [],
  });
  return Buffer.from(encodeBusFrame(EP, seq, deflateRawSync(json)));
}

async function run(
  app: TestApp,
  kind: 'wsv1' | 'socketio',
  secret: string,
  options: { clients: number; batches: number; highs: number; everyMs: number; firstSeq: number },
) {
  const clients = forkBenchProcess(new URL('./wsV1Clients.ts', import.meta.url), [
    app.baseUrl,
    String(options.clients),
    kind,
    secret,
  ]);
  await clients.next('connected');
  // socket.io tabs join the room as `stream_subscribe` would (one user's call allowance would
  // refuse a thousand subscribe calls; the room is what the broadcast goes to).
  if (kind === 'socketio') app.app.io.socketsJoin(STREAM_ROOM);
  const sentAt = new Map<number, number>();
  let cpu = 0;
  for (let i = 0; i < options.batches; i++) {
    const seq = options.firstSeq + i;
    const frame = batch(seq, options.highs);
    const t0 = process.cpuUsage();
    sentAt.set(seq, Date.now());
    await app.ctx.bus.publish(STREAM_TOPIC, frame);
    // Both write on later ticks: the window includes the flush that follows.
    await new Promise((resolve) => setTimeout(resolve, options.everyMs));
    const d = process.cpuUsage(t0);
    cpu += (d.user + d.system) / 1000;
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  const report = await clients.ask<{ receipts: [number, number][]; failures: number }>(
    { type: 'report' },
    'report',
  );
  if (report.failures) throw new Error(`${report.failures} ${kind} clients failed`);
  const expected = options.clients * options.batches;
  if (report.receipts.length !== expected) {
    throw new Error(`${kind}: ${report.receipts.length} receipts of ${expected}`);
  }
  const latencies = report.receipts.map(([seq, at]) => at - (sentAt.get(seq) ?? at));
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    cpuPerBatch: Number((cpu / options.batches).toFixed(2)),
  };
}

export async function benchWsV1(options: {
  clients: number;
  batches: number;
  highs: number;
  everyMs: number;
}) {
  const app = await startTestApp({ mail: 'outbox' });
  try {
    // Ten connections per user (a user's cap on /ws/v1 and under socket.io's), one key each.
    const tokens = await seedTraders(app, Math.ceil(options.clients / WS_V1_CONNECTIONS_PER_USER), 'bot');
    const keys: string[] = [];
    for (const token of tokens) {
      const body = { name: 'bench', scopes: ['market:read'] };
      keys.push((await app.call<{ key: string }>('POST', '/api/api_keys', { token, body })).body.key);
    }
    const wsv1 = await run(app, 'wsv1', keys.join(','), { ...options, firstSeq: 1 });
    const sio = await run(app, 'socketio', tokens.join(','), { ...options, firstSeq: 1 + options.batches });
    return {
      wsv1_clients: options.clients,
      wsv1_p50_ms: wsv1.p50,
      wsv1_p99_ms: wsv1.p99,
      wsv1_cpu_ms_per_batch: wsv1.cpuPerBatch,
      socketio_p50_ms: sio.p50,
      socketio_p99_ms: sio.p99,
      socketio_cpu_ms_per_batch: sio.cpuPerBatch,
    } satisfies WsV1Figures;
  } finally {
    await app.close();
  }
}

export function wsV1Rows(f: WsV1Figures): [string, number, string][] {
  return [
    [`/ws/v1 fan-out to ${f.wsv1_clients} bot connections, p50 (ms)`, f.wsv1_p50_ms, 'figure'],
    ['  /ws/v1 p99, bus publish → bot receipt (ms)', f.wsv1_p99_ms, 'figure'],
    ['  /ws/v1 server CPU per batch (ms)', f.wsv1_cpu_ms_per_batch, 'figure'],
    [`  socket.io, same batches to ${f.wsv1_clients} tabs, p50 (ms)`, f.socketio_p50_ms, 'figure'],
    ['  socket.io p99 (ms)', f.socketio_p99_ms, 'figure'],
    ['  socket.io server CPU per batch (ms)', f.socketio_cpu_ms_per_batch, 'figure'],
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await benchWsV1({
    clients: benchArg('ws-clients', 1000),
    batches: benchArg('ws-batches', 40),
    highs: benchArg('ws-highs', 50),
    everyMs: benchArg('ws-every', 250),
  });
  for (const [label, value, target] of wsV1Rows(figures))
    console.log(`${label.padEnd(60)} ${String(value).padStart(12)}   ${target}`);
  if (process.argv.includes('--json')) console.log(JSON.stringify(figures));
  process.exit(0);
}
