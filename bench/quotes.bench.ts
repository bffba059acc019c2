// Live quote fan-out (docs/quotes-news.md §1 "Live prices over the socket"): N real socket.io
// clients, each in 75 `quote:<SYM>` rooms of a 12,000-symbol market; a full-market tick (every
// symbol printed) is fanned out by liveQuotes.fanOutTick, one frame per socket. Measures the
// node's CPU per tick, the bytes on the bus and per socket, and a full list's JSON (75 cards of
// 192 sparkline points) as GET /api/quotes answers it every 60 s.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PROTOCOL_VERSION, QUOTE_EVENTS, QUOTES_MAX, type Quote, type QuoteTickRow } from '@tapeline/core';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { fanOutTick, symbolRoom } from '../apps/server/src/modules/quotes/liveQuotes.ts';

const MARKET = 12_000;
/** 04:00–20:00 in 5-minute slots: the longest sparkline. */
const SPARK_POINTS = 192;

export interface QuotesFigures {
  quotes_sockets: number;
  quotes_tick_kb: number;
  quotes_fanout_ms: number;
  quotes_frame_kb: number;
  quotes_list_kb: number;
}

/** A deterministic pseudo-random sequence: the same rooms every run. */
function lcg(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

const symbolAt = (i: number) => `S${i.toString(36).toUpperCase().padStart(4, '0')}`;

function tickOf(n: number, price: number): string {
  const q: QuoteTickRow[] = [];
  for (let i = 0; i < n; i++) q.push([symbolAt(i), price + i / 100, 1.23, 0.1234, price + 1, price - 1]);
  return JSON.stringify({ v: PROTOCOL_VERSION, ts: Date.now(), q });
}

function fullList(): Quote[] {
  return Array.from({ length: QUOTES_MAX }, (_, i) => ({
    symbol: symbolAt(i),
    price: 123.4567,
    percent: 1.23,
    dollar_dist: 1.4999,
    high: 125.01,
    low: 120.5,
    // Cent prices, as most prints are; a sub-dollar stock's 4 decimals make it about a third larger.
    sl: Array.from({ length: SPARK_POINTS }, (_, k) => Math.round((120 + k / 37) * 100) / 100),
    pin: 130,
    pin_percent: 5.32,
  }));
}

export async function benchQuotes(options: { sockets: number; ticks: number }): Promise<QuotesFigures> {
  const http = createServer();
  const io = new Server(http, { perMessageDeflate: false, serveClient: false });
  const random = lcg(12);
  io.on('connection', (socket) => {
    const rooms = new Set<string>();
    while (rooms.size < QUOTES_MAX) rooms.add(symbolRoom(symbolAt(Math.floor(random() * MARKET))));
    void socket.join([...rooms]);
    socket.emit('ready');
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;

  const clients: Socket[] = [];
  let frames = 0;
  let frameBytes = 0;
  await Promise.all(
    Array.from({ length: options.sockets }, async () => {
      const client = connect(url, { transports: ['websocket'], reconnection: false });
      clients.push(client);
      client.on(QUOTE_EVENTS.update, (frame: { q: unknown[] }) => {
        frames += 1;
        frameBytes = JSON.stringify(frame).length;
      });
      await new Promise((resolve) => client.once('ready', resolve));
    }),
  );

  const log = { warn: () => {} };
  const times: number[] = [];
  for (let t = 0; t < options.ticks; t++) {
    const tick = tickOf(MARKET, 10 + t);
    const start = process.hrtime.bigint();
    fanOutTick(io, tick, log);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
    // Until every socket has this tick's frame: the next tick measures a quiet node, as a second apart.
    const want = (t + 1) * options.sockets;
    while (frames < want) await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const tickBytes = tickOf(MARKET, 10).length;
  for (const client of clients) client.close();
  await io.close();
  times.sort((a, b) => a - b);
  return {
    quotes_sockets: options.sockets,
    quotes_tick_kb: Math.round(tickBytes / 1024),
    quotes_fanout_ms: Math.round((times[Math.floor(times.length / 2)] ?? Number.NaN) * 10) / 10,
    quotes_frame_kb: Math.round((frameBytes / 1024) * 10) / 10,
    quotes_list_kb: Math.round(JSON.stringify(fullList()).length / 1024),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await benchQuotes({ sockets: 500, ticks: 5 }));
}
