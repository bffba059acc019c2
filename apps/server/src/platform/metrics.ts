import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Log } from './log.ts';

/**
 * The operator's metrics (docs/operations.md "Metrics"), Prometheus text from prom-client. One
 * registry per process; the values that change per event (trades, batches, alerts) are plain
 * numbers the engine thread bumps, read only when Prometheus scrapes (`collect`), so no hot path
 * builds a label or allocates for them. Served on METRICS_PORT only (off by default).
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

/** The engine this process reads: its `status` answer carries the counters (market/engine/protocol.ts). */
interface EngineStatusSource {
  query(query: { kind: 'status' }, timeoutMs?: number): Promise<string>;
}

interface EngineCountersSeen {
  trades?: number;
  counters?: Record<string, number>;
}

const watched: {
  engine: EngineStatusSource | null;
  sockets: (() => Iterable<[string, number]>) | null;
  deliveries: (() => Promise<{ channel: string; status: string; count: number }[]>) | null;
} = { engine: null, sockets: null, deliveries: null };

/** The engine's status once per scrape, shared by every engine metric's collect. */
let engineScrape: Promise<EngineCountersSeen | null> | null = null;
function engineStatus(): Promise<EngineCountersSeen | null> {
  if (!watched.engine) return Promise.resolve(null);
  if (!engineScrape) {
    engineScrape = watched.engine
      .query({ kind: 'status' }, 2_000)
      .then((json) => JSON.parse(json) as EngineCountersSeen)
      .catch(() => null);
    void engineScrape.finally(() => {
      engineScrape = null;
    });
  }
  return engineScrape;
}

/** A counter whose total is kept by the engine thread, read at scrape time. */
function engineCounter(name: string, help: string, read: (status: EngineCountersSeen) => number | undefined) {
  return new Counter({
    name,
    help,
    registers: [registry],
    async collect() {
      const status = await engineStatus();
      const value = status ? read(status) : undefined;
      this.reset();
      if (value !== undefined && Number.isFinite(value)) this.inc(value);
    },
  });
}

const seconds = (ms: number | undefined) => (ms === undefined ? undefined : ms / 1000);

export const metrics = {
  httpRequests: new Counter({
    name: 'tapeline_http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status code',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  }),
  httpSeconds: new Histogram({
    name: 'tapeline_http_request_duration_seconds',
    help: 'HTTP answer time, by route pattern',
    labelNames: ['route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  }),
  sockets: new Gauge({
    name: 'tapeline_sockets',
    help: 'Connected socket.io clients on this node, by namespace',
    labelNames: ['namespace'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [namespace, count] of watched.sockets?.() ?? []) this.set({ namespace }, count);
    },
  }),
  trades: engineCounter(
    'tapeline_trades_total',
    'Trades the engine took in (rate() gives trades/s)',
    (s) => s.trades,
  ),
  batches: engineCounter(
    'tapeline_stream_batches_total',
    'Stream batches the engine published',
    (s) => s.counters?.batches,
  ),
  batchSeconds: engineCounter(
    'tapeline_stream_batch_seconds_total',
    'Time the engine spent draining and encoding stream batches (their lag before the bus)',
    (s) => seconds(s.counters?.batchMs),
  ),
  discoveryRecomputes: engineCounter(
    'tapeline_discovery_recomputes_total',
    'Discovery recomputes',
    (s) => s.counters?.discoveryRecomputes,
  ),
  discoverySeconds: engineCounter(
    'tapeline_discovery_recompute_seconds_total',
    'Time spent recomputing Discovery',
    (s) => seconds(s.counters?.discoveryMs),
  ),
  alertsEvaluated: engineCounter(
    'tapeline_alerts_evaluated_total',
    'Alert evaluation passes (after each batch and each Discovery refresh)',
    (s) => s.counters?.alertsEvaluated,
  ),
  alertsFired: engineCounter('tapeline_alerts_fired_total', 'Alerts fired', (s) => s.counters?.alertsFired),
  feedReconnects: engineCounter(
    'tapeline_feed_reconnects_total',
    "The market feed's reconnects",
    (s) => s.counters?.feedReconnects,
  ),
  deliveries: new Gauge({
    name: 'tapeline_alert_deliveries',
    help: 'Alert deliveries (webhook, push) pending or failed, by channel',
    labelNames: ['channel', 'status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await watched.deliveries?.().catch(() => []);
      for (const channel of ['webhook', 'push']) {
        for (const status of ['pending', 'failed']) {
          const row = rows?.find((r) => r.channel === channel && r.status === status);
          this.set({ channel, status }, row?.count ?? 0);
        }
      }
    },
  }),
  webhookSeconds: new Histogram({
    name: 'tapeline_webhook_duration_seconds',
    help: "Webhook POSTs: time to the receiver's answer",
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10],
    registers: [registry],
  }),
  chatMessages: new Counter({
    name: 'tapeline_chat_messages_total',
    help: 'Chat messages stored by this node',
    registers: [registry],
  }),
};

/** What this process's scrape reads besides its own counters; a node calls the ones it has. */
export const watch = {
  engine(source: EngineStatusSource | null): void {
    watched.engine = source;
  },
  sockets(read: () => Iterable<[string, number]>): void {
    watched.sockets = read;
  },
  deliveries(read: () => Promise<{ channel: string; status: string; count: number }[]>): void {
    watched.deliveries = read;
  },
};

export interface MetricsServerOptions {
  port: number;
  host: string;
  /** When set, a scrape must send `Authorization: Bearer <token>`. */
  token?: string | undefined;
  log: Log;
  /** Extra routes on the same port (the engine process's health). */
  routes?: Record<string, () => Promise<{ status: number; body: unknown }>>;
}

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/** `GET /metrics` (and any extra routes) on its own port, apart from the public one. */
export async function startMetricsServer(options: MetricsServerOptions): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    const answer = async () => {
      if (options.token && request.headers.authorization !== `Bearer ${options.token}`) {
        response.writeHead(401, { 'content-type': 'text/plain' }).end('unauthorized\n');
        return;
      }
      const path = (request.url ?? '/').split('?')[0] ?? '/';
      if (request.method === 'GET' && path === '/metrics') {
        const text = await registry.metrics();
        response.writeHead(200, { 'content-type': registry.contentType }).end(text);
        return;
      }
      const route = request.method === 'GET' ? options.routes?.[path] : undefined;
      if (route) {
        const { status, body } = await route();
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        return;
      }
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
    };
    answer().catch((error: unknown) => {
      options.log.error({ err: error }, 'metrics answer failed');
      if (!response.headersSent) response.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  options.log.info({ port, host: options.host }, 'metrics listening');
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
