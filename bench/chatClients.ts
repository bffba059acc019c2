// Child process of the chat benchmark (chat.bench.ts): either the receivers (N socket.io clients
// in one channel, each timing every message it hears) or the senders (accounts posting at a set
// rate, each message stamped with its send time). `chat` mode talks to the real chat server
// (token, chat_subscribe, chat_send); `raw` mode to a bare socket.io server that relays what a
// sender emits to one room, the baseline. Both sides run on this machine, so one clock.
import { CHAT_EVENTS, type ChatEvent, PROTOCOL_VERSION, type SocketAck } from '@tapeline/core';

type ChatAck = SocketAck<{ id?: number }>;

import { io, type Socket } from 'socket.io-client';

export type ChatBenchMode = 'chat' | 'raw';

export interface ConnectOrder {
  type: 'connect';
  url: string;
  mode: ChatBenchMode;
  channel: string;
  /** One token per socket (chat); raw sockets need none, only a count. */
  tokens: string[];
  count: number;
}

export interface SendOrder {
  type: 'send';
  rate: number;
  seconds: number;
  /** Raw mode: a `message` event heard in chat mode, re-sent with a fresh stamp. */
  template: MessageEvent | null;
}

export interface ReceiverReport {
  type: 'report';
  latencies: number[];
  failures: number;
  /** CPU this process used since the last reset, over the wall time since then (%). */
  cpuPercent: number;
  sample: MessageEvent | null;
}

export interface SenderReport {
  type: 'sent';
  sent: number;
  /** Refusals by code (chat mode); any means the run did not post at the asked rate. */
  refused: Record<string, number>;
  /** chat_send → its ack, per message (chat mode): the server's own time to take a post. */
  ackMs: number[];
}

export type MessageEvent = Extract<ChatEvent, { type: 'message' }>;

/** The event the raw server relays, and the room it relays to. */
export const RAW_RELAY = 'relay';
export const RAW_JOIN = 'join';

const [role = 'receivers'] = process.argv.slice(2);
const STAMP = /t=(\d+) n=(\d+)/;
/** Connections opened at once: a burst of thousands only measures the accept queue. */
const CONNECTING = 50;

const sockets: Socket[] = [];
let latencies: number[] = [];
let failures = 0;
let sample: MessageEvent | null = null;
let cpuFrom = process.cpuUsage();
let wallFrom = performance.now();

/** One frame: the chat's may carry several events (a room's events of one server turn). */
function onChat(...frame: ChatEvent[]): void {
  // Receipt is when the frame arrived; reading the stamps back is not transport.
  const receivedAt = Date.now();
  for (const event of frame) {
    if (event.type !== 'message') continue;
    const stamp = STAMP.exec(event.message.content);
    if (!stamp) {
      failures++;
      continue;
    }
    sample ??= event;
    latencies.push(receivedAt - Number(stamp[1]));
  }
}

async function open(order: ConnectOrder, i: number): Promise<Socket> {
  const token = order.tokens[i];
  const socket = io(order.url, {
    transports: ['websocket'],
    reconnection: false,
    ...(order.mode === 'chat' ? { auth: { token } } : {}),
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  if (role === 'receivers') {
    socket.on(order.mode === 'chat' ? CHAT_EVENTS.update : 'chat', onChat);
    if (order.mode === 'chat') {
      const ack = (await socket
        .timeout(30_000)
        .emitWithAck(CHAT_EVENTS.subscribe, { v: PROTOCOL_VERSION, channel: order.channel })) as ChatAck;
      if (!ack.ok) throw new Error(`chat_subscribe refused: ${ack.error}`);
    } else await socket.timeout(30_000).emitWithAck(RAW_JOIN);
  }
  return socket;
}

async function connectAll(order: ConnectOrder): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < order.count) sockets.push(await open(order, next++));
  };
  await Promise.all(Array.from({ length: Math.min(CONNECTING, order.count) }, worker));
}

/** Posts `rate` messages a second for `seconds`, the accounts in turn, each stamped when sent. */
async function sendAll(order: SendOrder, channel: string, mode: ChatBenchMode): Promise<SenderReport> {
  const total = Math.round(order.rate * order.seconds);
  const refused: Record<string, number> = {};
  const ackMs: number[] = [];
  const acks: Promise<void>[] = [];
  const start = performance.now();
  for (let n = 0; n < total; n++) {
    const due = start + (n * 1000) / order.rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const socket = sockets[n % sockets.length] as Socket;
    const stamp = `t=${Date.now()} n=${n}`;
    if (mode === 'raw') {
      const template = order.template;
      if (!template) throw new Error('raw senders need a message template');
      socket.emit(RAW_RELAY, {
        ...template,
        message: { ...template.message, id: n, content: template.message.content.replace(STAMP, stamp) },
      });
      continue;
    }
    const msg = `${stamp} watching $AAPL reclaim VWAP, volume picking up into the close`;
    const sentAt = performance.now();
    acks.push(
      socket
        .timeout(30_000)
        .emitWithAck(CHAT_EVENTS.send, { v: PROTOCOL_VERSION, channel, msg })
        .then(
          (ack: ChatAck) => {
            ackMs.push(performance.now() - sentAt);
            if (!ack.ok) refused[ack.error] = (refused[ack.error] ?? 0) + 1;
          },
          () => {
            refused.timeout = (refused.timeout ?? 0) + 1;
          },
        ),
    );
  }
  await Promise.all(acks);
  return { type: 'sent', sent: total, refused, ackMs };
}

let connected: ConnectOrder | null = null;
// Orders from the bench over IPC. The bench also imports this file (for the names above); with
// no IPC channel there this listener never fires.
process.on('message', (message: { type: string }) => {
  const reply = (answer: object) => process.send?.(answer);
  if (message.type === 'connect') {
    const order = message as ConnectOrder;
    connected = order;
    connectAll(order).then(
      () => reply({ type: 'ready' }),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  } else if (message.type === 'send' && connected) {
    void sendAll(message as SendOrder, connected.channel, connected.mode).then(reply);
  } else if (message.type === 'reset') {
    latencies = [];
    failures = 0;
    sample = null;
    cpuFrom = process.cpuUsage();
    wallFrom = performance.now();
    reply({ type: 'reset' });
  } else if (message.type === 'count') {
    reply({ type: 'count', delivered: latencies.length + failures });
  } else if (message.type === 'report') {
    const cpu = process.cpuUsage(cpuFrom);
    const wallMs = performance.now() - wallFrom;
    reply({
      type: 'report',
      latencies,
      failures,
      cpuPercent: Math.round((cpu.user + cpu.system) / 10 / wallMs),
      sample,
    } satisfies ReceiverReport);
  } else if (message.type === 'stop') {
    for (const socket of sockets) socket.close();
    setTimeout(() => process.exit(0), 100);
  }
});
