// Chat load (issue 14, docs/chat.md): N subscribers' sockets in one channel of the real chat
// server (the server's app in this process, as the server tests start it: auth, guards, chat
// module, database), and sender accounts posting `--rate` messages a second through chat_send,
// each stamped with its send time; the receivers, in a child process, time every delivery. Then
// the baseline: a bare socket.io server (same options as the app's) relaying the same `chat`
// events, stamped afresh, to one room of as many clients. Figures, never pass/fail.
// `npm run bench:chat -- [--clients=5000] [--rate=50] [--seconds=10] [--db=pglite|postgres] [--json]`
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import v8 from 'node:v8';
import vm from 'node:vm';
import { CHAT_EVENTS, CHAT_POST_BURST, CHAT_POST_WINDOW_MS } from '@tapeline/core';
import { usernameKey } from '@tapeline/core/username';
import { Server } from 'socket.io';
import { createUsersRepository } from '../apps/server/src/modules/auth/usersRepository.ts';
import { channelRoom } from '../apps/server/src/modules/chat/socket/chatSocket.ts';
import { hashPassword } from '../apps/server/src/platform/auth/passwords.ts';
import { issueTestToken, seedSubscription } from '../apps/server/src/test/factories.ts';
import { startTestApp, type TestApp } from '../apps/server/src/test/testApp.ts';
import { benchArg } from './benchArg.ts';
import type { ChatBenchMode, MessageEvent, ReceiverReport, SenderReport } from './chatClients.ts';
import { RAW_JOIN, RAW_RELAY } from './chatClients.ts';
import { forkBenchProcess, percentile } from './clientProcess.ts';

/** Seeded without slow mode (docs/chat.md "Model"), so only the per-user rate limits a sender. */
const CHANNEL = 'daytrading';
const CLIENTS_FILE = new URL('./chatClients.ts', import.meta.url);
/** Sent before the measured window and not counted: the JIT and the database's caches warm up. */
const WARMUP_S = 2;
/** How long the deliveries may trail the last send before the run counts the rest as lost. */
const DRAIN_MS = 60_000;

export interface ChatFigures {
  chat_clients: number;
  chat_rate: number;
  chat_senders: number;
  chat_p50_ms: number;
  chat_p99_ms: number;
  chat_raw_p50_ms: number;
  chat_raw_p99_ms: number;
  chat_vs_raw_p50: number;
  chat_vs_raw_p99: number;
  chat_ack_p50_ms: number;
  chat_ack_p99_ms: number;
  chat_delivered: number;
  chat_raw_delivered: number;
  chat_server_cpu_pct: number;
  chat_raw_server_cpu_pct: number;
  chat_clients_cpu_pct: number;
  chat_raw_clients_cpu_pct: number;
  chat_rss_per_socket: number;
  chat_heap_per_socket: number;
  chat_raw_rss_per_socket: number;
  chat_raw_heap_per_socket: number;
  chat_load_average: number;
}

interface Phase {
  p50: number;
  p99: number;
  /** Deliveries heard over deliveries due (accepted messages × clients). */
  delivered: number;
  refused: Record<string, number>;
  ackMs: number[];
  /** This process's CPU (the server's) over the measured window, % of one core. */
  serverCpuPct: number;
  clientsCpuPct: number;
  rssPerSocket: number;
  heapPerSocket: number;
  sample: MessageEvent | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Memory after a full collection, so set-up garbage does not pass for the sockets'; RSS read a
 * second later, once V8 has handed the freed pages back.
 */
async function memory(): Promise<{ rss: number; heap: number }> {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
  await sleep(1000);
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heap: heapUsed };
}

/**
 * Subscribers written straight to the database (one password hash for all: hashing is built to
 * be slow), each with a live token, as the server tests seed them.
 */
export async function seedTraders(app: TestApp, count: number, label: string): Promise<string[]> {
  const users = createUsersRepository(app.ctx.database.db);
  const passwordHash = await hashPassword('chat bench password');
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    const username = `${label}${i}`;
    const user = await users.insert({
      email: `${username}@bench.example.com`,
      emailVerified: true,
      passwordHash,
      signedUpAt: new Date(app.clock.now()),
      username,
      usernameKey: usernameKey(username),
    });
    await seedSubscription(app, user.id);
    tokens.push(await issueTestToken(app, user));
  }
  return tokens;
}

/** Waits until the receivers heard `expected` deliveries since their last reset, or DRAIN_MS. */
async function drained(receivers: ReturnType<typeof forkBenchProcess>, expected: number): Promise<void> {
  const deadline = Date.now() + DRAIN_MS;
  while (Date.now() < deadline) {
    const { delivered } = await receivers.ask<{ delivered: number }>({ type: 'count' }, 'count');
    if (delivered >= expected) return;
    await sleep(100);
  }
}

/** One measured run against `url`: receivers join, senders warm up, then the measured window. */
async function runPhase(options: {
  url: string;
  mode: ChatBenchMode;
  clients: number;
  receiverTokens: string[];
  senderTokens: string[];
  rate: number;
  seconds: number;
  template: MessageEvent | null;
}): Promise<Phase> {
  const { url, mode, clients, rate, seconds, template } = options;
  const receivers = forkBenchProcess(CLIENTS_FILE, ['receivers']);
  const senders = forkBenchProcess(CLIENTS_FILE, ['senders']);
  const connect = (tokens: string[], count: number) => ({
    type: 'connect',
    url,
    mode,
    channel: CHANNEL,
    tokens,
    count,
  });
  const before = await memory();
  await receivers.ask(connect(options.receiverTokens, clients), 'ready');
  await sleep(500);
  const after = await memory();
  await senders.ask(connect(options.senderTokens, options.senderTokens.length), 'ready');

  const send = (s: number) => senders.ask<SenderReport>({ type: 'send', rate, seconds: s, template }, 'sent');
  // A refused message is never broadcast; one whose ack timed out may still be, so it stays due.
  const accepted = (report: SenderReport) =>
    report.sent -
    Object.entries(report.refused).reduce((sum, [code, n]) => (code === 'timeout' ? sum : sum + n), 0);
  await drained(receivers, accepted(await send(WARMUP_S)) * clients);
  await receivers.ask({ type: 'reset' }, 'reset');

  const cpuFrom = process.cpuUsage();
  const wallFrom = performance.now();
  const sent = await send(seconds);
  const due = accepted(sent) * clients;
  await drained(receivers, due);
  const cpu = process.cpuUsage(cpuFrom);
  const wallMs = performance.now() - wallFrom;
  const report = await receivers.ask<ReceiverReport>({ type: 'report' }, 'report');
  receivers.send({ type: 'stop' });
  senders.send({ type: 'stop' });
  if (report.failures) throw new Error(`${report.failures} messages arrived without their stamp`);
  return {
    p50: percentile(report.latencies, 50),
    p99: percentile(report.latencies, 99),
    delivered: due === 0 ? 0 : report.latencies.length / due,
    refused: sent.refused,
    ackMs: sent.ackMs,
    serverCpuPct: Math.round((cpu.user + cpu.system) / 10 / wallMs),
    clientsCpuPct: report.cpuPercent,
    rssPerSocket: Math.round((after.rss - before.rss) / clients),
    heapPerSocket: Math.round((after.heap - before.heap) / clients),
    sample: report.sample,
  };
}

/** The baseline server: socket.io as the app configures it, relaying each event to one room. */
async function startRawServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const http = createServer();
  const io = new Server(http, { serveClient: false, perMessageDeflate: false });
  const room = channelRoom(CHANNEL);
  io.on('connection', (socket) => {
    socket.on(RAW_JOIN, (ack?: () => void) => {
      void socket.join(room);
      ack?.();
    });
    socket.on(RAW_RELAY, (event: unknown) => io.to(room).emit(CHAT_EVENTS.update, event));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => io.close(() => resolve())),
  };
}

export async function benchChat(options: {
  clients: number;
  rate: number;
  seconds: number;
  database: 'pglite' | 'postgres';
}): Promise<ChatFigures> {
  const { clients, rate, seconds } = options;
  // Each account may post CHAT_POST_BURST per window; one fewer leaves room for timer jitter.
  const senderCount = Math.ceil((rate * CHAT_POST_WINDOW_MS) / 1000 / (CHAT_POST_BURST - 1));
  if (options.database === 'postgres') {
    process.env.TEST_DB_KIND = 'postgres';
    process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
  }
  const app = await startTestApp({ mail: 'outbox' });
  let chat: Phase;
  try {
    const receiverTokens = await seedTraders(app, clients, 'reader');
    const senderTokens = await seedTraders(app, senderCount, 'poster');
    chat = await runPhase({
      url: app.baseUrl,
      mode: 'chat',
      clients,
      receiverTokens,
      senderTokens,
      rate,
      seconds,
      template: null,
    });
  } finally {
    await app.close();
  }
  const refusals = Object.entries(chat.refused);
  if (refusals.length > 0) console.warn(`chat_send refusals: ${JSON.stringify(chat.refused)}`);
  if (!chat.sample) throw new Error('no chat message was heard; nothing to replay for the baseline');

  const rawServer = await startRawServer();
  let raw: Phase;
  try {
    raw = await runPhase({
      url: rawServer.url,
      mode: 'raw',
      clients,
      receiverTokens: [],
      senderTokens: Array.from({ length: senderCount }, () => ''),
      rate,
      seconds,
      template: chat.sample,
    });
  } finally {
    await rawServer.close();
  }
  const ratio = (a: number, b: number) => Number((a / Math.max(1, b)).toFixed(2));
  return {
    chat_clients: clients,
    chat_rate: rate,
    chat_senders: senderCount,
    chat_p50_ms: chat.p50,
    chat_p99_ms: chat.p99,
    chat_raw_p50_ms: raw.p50,
    chat_raw_p99_ms: raw.p99,
    chat_vs_raw_p50: ratio(chat.p50, raw.p50),
    chat_vs_raw_p99: ratio(chat.p99, raw.p99),
    chat_ack_p50_ms: Math.round(percentile(chat.ackMs, 50)),
    chat_ack_p99_ms: Math.round(percentile(chat.ackMs, 99)),
    chat_delivered: Number(chat.delivered.toFixed(4)),
    chat_raw_delivered: Number(raw.delivered.toFixed(4)),
    chat_server_cpu_pct: chat.serverCpuPct,
    chat_raw_server_cpu_pct: raw.serverCpuPct,
    chat_clients_cpu_pct: chat.clientsCpuPct,
    chat_raw_clients_cpu_pct: raw.clientsCpuPct,
    chat_rss_per_socket: chat.rssPerSocket,
    chat_heap_per_socket: chat.heapPerSocket,
    chat_raw_rss_per_socket: raw.rssPerSocket,
    chat_raw_heap_per_socket: raw.heapPerSocket,
    chat_load_average: Number((loadavg()[0] ?? 0).toFixed(2)),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const f = await benchChat({
    clients: benchArg('clients', 5000),
    rate: benchArg('rate', 50),
    seconds: benchArg('seconds', 10),
    database: benchArg('db', 'pglite') === 'postgres' ? 'postgres' : 'pglite',
  });
  const rows: [string, number | string, string][] = [
    ['sockets in one channel (socket.io clients, separate process)', f.chat_clients, 'target 5,000'],
    ['messages/s (sender accounts in turn)', `${f.chat_rate} (${f.chat_senders})`, 'target 50'],
    ['chat p50, chat_send → receipt (ms)', f.chat_p50_ms, 'figure'],
    ['chat p99, chat_send → receipt (ms)', f.chat_p99_ms, 'figure'],
    ['raw socket.io relay p50, same payloads (ms)', f.chat_raw_p50_ms, 'figure'],
    ['raw socket.io relay p99, same payloads (ms)', f.chat_raw_p99_ms, 'figure'],
    ['chat_send → its ack, p50 / p99 (ms)', `${f.chat_ack_p50_ms} / ${f.chat_ack_p99_ms}`, 'figure'],
    ['chat vs raw, p50 (×)', f.chat_vs_raw_p50, 'target ≤ 1.2×'],
    ['chat vs raw, p99 (×)', f.chat_vs_raw_p99, 'target ≤ 1.2×'],
    ['deliveries heard, chat / raw (share of due)', `${f.chat_delivered} / ${f.chat_raw_delivered}`, '1'],
    [
      'server CPU in the window, chat / raw (% of a core)',
      `${f.chat_server_cpu_pct} / ${f.chat_raw_server_cpu_pct}`,
      'figure',
    ],
    [
      'clients CPU, chat / raw (% of a core)',
      `${f.chat_clients_cpu_pct} / ${f.chat_raw_clients_cpu_pct}`,
      '< 100 or the clients lag',
    ],
    [
      'server RSS per socket, chat / raw (bytes)',
      `${f.chat_rss_per_socket} / ${f.chat_raw_rss_per_socket}`,
      'figure',
    ],
    [
      'server heap per socket, chat / raw (bytes)',
      `${f.chat_heap_per_socket} / ${f.chat_raw_heap_per_socket}`,
      'figure',
    ],
    ['load average at the end', f.chat_load_average, 'figure'],
  ];
  for (const [label, value, target] of rows)
    console.log(`${label.padEnd(62)} ${String(value).padStart(14)}   ${target}`);
  if (process.argv.includes('--json')) console.log(JSON.stringify(f));
  process.exit(0);
}
