// `npm run bench [-- --json] [-- --clients=N]`: every figure beside its target. Figures, not
// pass/fail; the whole run stays within a few minutes on this machine.
import { benchAlerts } from './alerts.bench.ts';
import { benchDiscoveryTable } from './discoveryTable.bench.ts';
import { benchEncoding, encodingFigures, encodingTable } from './encoding.bench.ts';
import { benchEngine } from './engine.bench.ts';
import { benchFanout } from './fanout.bench.ts';
import { benchQuotes } from './quotes.bench.ts';
import { benchSimulator, simulatorTable } from './simulator.bench.ts';
import { benchWebhooks } from './webhooks.bench.ts';
import { benchWsV1, wsV1Rows } from './wsV1.bench.ts';

const json = process.argv.includes('--json');
const arg = (name: string, fallback: number) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? Number(found.split('=')[1]) : fallback;
};

const engine = benchEngine();
const fanout = await benchFanout({
  clients: arg('clients', 2000),
  tradesPerSec: arg('rate', 300_000),
  seconds: arg('seconds', 10),
  drainMs: arg('drain', 25),
});
// The bots' WebSocket beside socket.io, on the real app (issue 25).
const wsV1 = await benchWsV1({
  clients: arg('ws-clients', 1000),
  batches: arg('ws-batches', 40),
  highs: arg('ws-highs', 50),
  everyMs: arg('ws-every', 250),
});
const encoding = await benchEncoding({
  tradesPerSecond: arg('enc-rate', 70_000),
  seconds: arg('enc-seconds', 20),
  clients: arg('enc-clients', 250),
  samples: arg('enc-samples', 8),
});
const webhooks = await benchWebhooks({ deliveries: arg('webhooks', 20_000) });
const alerts = benchAlerts();
const quotes = await benchQuotes({ sockets: arg('quote-sockets', 1000), ticks: arg('quote-ticks', 10) });
const discovery = benchDiscoveryTable(arg('discovery-rows', 10_000));
const simulated = benchSimulator({ minutes: arg('sim-minutes', 10) });

const rows: [string, number, string][] = [
  ['engine ingest (trades/s, one core)', engine.ingest_trades_per_s, 'target ≥ 2,000,000'],
  ['NDJSON decode + ingest vs bare JSON.parse (×)', engine.ingest_vs_json_parse, 'target ≤ 1.5×'],
  [
    'Discovery recompute, 10,000 symbols × 8 timeframes (ms)',
    engine.discovery_recompute_ms,
    'target ≤ 200 ms',
  ],
  ['one filter + sort over the universe (ms)', engine.filter_sort_ms, 'target ≤ 1 ms'],
  ['  laying the snapshot out as columns, once per refresh (ms)', engine.columns_ms, 'figure'],
  ['engine memory for 10,000 symbols (MB RSS)', engine.engine_rss_mb, 'figure'],
  ['fan-out clients (socket.io, separate process)', fanout.fanout_clients, 'default 2,000'],
  ['fan-out p50, ingest → client receipt (ms)', fanout.fanout_p50_ms, 'figure'],
  [
    'fan-out p99, ingest → client receipt (ms)',
    fanout.fanout_p99_ms,
    'target ≤ 50 ms (5,000 clients, 300k trades/s)',
  ],
  ['broadcast CPU vs raw ws, same bytes (×)', fanout.fanout_vs_ws, 'target ≤ 1.5×'],
  ['server memory per connected client (bytes)', fanout.bytes_per_client, 'target ≤ 20 KB'],
  ...wsV1Rows(wsV1),
  [
    `webhook deliveries/s (${webhooks.webhook_deliveries} rows, PGlite, loopback receiver)`,
    webhooks.webhook_deliveries_per_s,
    'target ≥ 1,000',
  ],
  ['  process RSS before the webhook drain (MB)', webhooks.webhook_rss_before_mb, 'figure'],
  ['  process RSS after the webhook drain (MB)', webhooks.webhook_rss_after_mb, 'flat'],
  ['alert rules, 10,000 traders (symbol, category, halt)', alerts.alerts_rules, 'figure'],
  ['  setUser for all 10,000 traders (ms)', alerts.alerts_set_users_ms, 'figure'],
  ['alert evaluation per stream event, mid-session (ns)', alerts.alerts_ns_per_event, 'target ≤ 1,000'],
  ['  category members reached per event, mid-session', alerts.alerts_fanout_per_event, 'figure'],
  ['alert evaluation per stream event, the open (ns)', alerts.alerts_ns_per_event_open, 'figure'],
  ['  category members reached per event, the open', alerts.alerts_fanout_per_event_open, 'figure'],
  [
    'filtered alerts, 10,000 traders × 5 filters, one refresh (ms)',
    alerts.alerts_filtered_refresh_ms,
    'target ≤ 250 ms',
  ],
  ['  distinct filters evaluated per refresh', alerts.alerts_filtered_distinct, 'figure'],
  [
    `live quotes: one full-market tick to ${quotes.quotes_sockets} sockets × 75 symbols (ms)`,
    quotes.quotes_fanout_ms,
    'figure (once a second per API node)',
  ],
  ['  the tick on the bus, 12,000 symbols (KB)', quotes.quotes_tick_kb, 'figure'],
  ["  one socket's frame, 75 rows (KB)", quotes.quotes_frame_kb, 'figure'],
  ['  GET /api/quotes, 75 cards × 192 sparkline points (KB)', quotes.quotes_list_kb, 'design ≈ 80 KB'],
  [
    `Discovery table: filter + display + sort, ${discovery.discovery_table_rows} rows (ms, median)`,
    discovery.discovery_table_ms,
    'target ≤ 16 ms',
  ],
  [
    '  the same with a sector list and a 3-condition smart filter (ms)',
    discovery.discovery_table_filtered_ms,
    'target ≤ 16 ms',
  ],
  [
    `  compareRows alone, worst column (${discovery.discovery_sort_worst_column}) (ms)`,
    discovery.discovery_sort_worst_ms,
    'figure',
  ],
  ['  the shared smart-filter evaluator alone (ms)', discovery.discovery_smart_filter_ms, 'figure'],
  [
    '  live mode: a 5 % patch merged, then the table again (ms)',
    discovery.discovery_live_patch_ms,
    'target ≤ 16 ms',
  ],
  [
    '  live mode, server: one timeframe diffed for 3 plans (ms/s)',
    discovery.discovery_live_diff_ms,
    'figure (per node)',
  ],
  ['  load average while measured', discovery.discovery_load_average, 'figure'],
];
for (const [label, value, target] of rows)
  console.log(`${label.padEnd(60)} ${String(value).padStart(12)}   ${target}`);
console.log('');
for (const line of encodingTable(encoding)) console.log(line);
console.log('');
for (const line of simulatorTable(simulated)) console.log(line);
if (json) {
  const { fanout_p50_ms: _p50, ...figures } = fanout;
  console.log(
    JSON.stringify({
      ...engine,
      ...figures,
      ...encodingFigures(encoding),
      ...webhooks,
      ...wsV1,
      ...alerts,
      ...quotes,
      ...discovery,
    }),
  );
}
process.exit(0);
