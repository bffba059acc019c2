// Webhook delivery throughput: N pending delivery rows in a fresh database, drained by one
// node's delivery worker (32 in flight, leased claims, outcomes written in bursts) through the
// real webhook sender (settings read, standardwebhooks signature, keep-alive HTTP) to a receiver
// on 127.0.0.1 in a child process. Prints deliveries/s and this process's RSS before and after.
// `node --import tsx bench/webhooks.bench.ts [--webhooks=N] [--webhook-db=pglite|postgres]`; with
// postgres, a throwaway database on TEST_DATABASE_URL's server (default the local one), dropped after.
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { startDeliveryWorker } from '../apps/server/src/modules/alerts/delivery/worker.ts';
import { setWebhooks, traderIn } from '../apps/server/src/modules/alerts/webhooks/testing/testKit.ts';
import { createWebhookSender } from '../apps/server/src/modules/alerts/webhooks/webhookSender.ts';
import { systemClock } from '../apps/server/src/platform/clock.ts';
import { openTestDatabase } from '../apps/server/src/test/testDatabase.ts';

export interface WebhookFigures {
  webhook_deliveries: number;
  webhook_deliveries_per_s: number;
  webhook_rss_before_mb: number;
  webhook_rss_after_mb: number;
}

const TRADERS = 100;

/** The receiver runs in a child process (webhookReceiverProcess.ts): its CPU is not ours. */
async function startReceiverProcess() {
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'webhookReceiverProcess.ts'), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const [ready] = (await once(child, 'message')) as [{ port: number }];
  return {
    url: `http://127.0.0.1:${ready.port}`,
    async count(): Promise<number> {
      child.send('count');
      const [answer] = (await once(child, 'message')) as [{ count: number }];
      return answer.count;
    },
    async close() {
      child.send('close');
      await once(child, 'exit');
    },
  };
}

/** A full collection before each RSS reading, so set-up garbage does not pass for the drain's. */
function collect(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

export async function benchWebhooks(options: {
  deliveries: number;
  database?: 'pglite' | 'postgres';
}): Promise<WebhookFigures> {
  process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
  const database = await openTestDatabase(options.database ?? 'pglite');
  const receiver = await startReceiverProcess();
  const { db } = database;
  try {
    const url = `${receiver.url}/bench`;
    const traders: string[] = [];
    for (let i = 0; i < TRADERS; i++) {
      const id = await traderIn(db);
      await setWebhooks(db, id, { high_low: url });
      traders.push(id);
    }
    const payload = JSON.stringify({
      type: 'high_low',
      symbol: 'ABC',
      msg: 'ABC new high 12.00',
      time: Date.now(),
      price: 12,
      price_dist: 0.1,
      uv: 150,
      vwap: 11.5,
      vwap_dist: 4.35,
    });
    // One outbox row per delivery (the unique key is outbox + channel + target), traders in turn.
    await db.execute(sql`
      insert into alert_outbox (key, user_id, alert, dispatched_at)
      select 'bench:' || g, (${sql.raw(`array[${traders.map((t) => `'${t}'::uuid`).join(',')}]`)})[1 + g % ${TRADERS}], '{}'::jsonb, now()
      from generate_series(1, ${options.deliveries}) g`);
    await db.execute(sql`
      insert into alert_deliveries (outbox_id, user_id, channel, target, webhook_type, symbol, payload)
      select id, user_id, 'webhook', ${url}, 'high_low', 'ABC', ${payload}::jsonb from alert_outbox`);

    collect();
    const rssBefore = process.memoryUsage().rss;
    const sender = createWebhookSender({ db, clock: systemClock, allowPrivate: true });
    const worker = startDeliveryWorker(
      { database, clock: systemClock, log: pino({ level: 'silent' }) },
      [sender],
      {
        pollMs: 0,
      },
    );
    const started = performance.now();
    const attempted = await worker.runOnce();
    const seconds = (performance.now() - started) / 1000;
    await worker.stop();
    sender.close();
    collect();
    const rssAfter = process.memoryUsage().rss;

    const received = await receiver.count();
    const counted = await db.execute(
      sql`select count(*)::int as n from alert_deliveries where status = 'delivered'`,
    );
    const [row] = (counted as unknown as { rows: { n: number }[] }).rows;
    if (
      row?.n !== options.deliveries ||
      received !== options.deliveries ||
      attempted !== options.deliveries
    ) {
      throw new Error(
        `webhook bench: ${row?.n} delivered, ${received} received, ${attempted} attempted of ${options.deliveries}`,
      );
    }
    return {
      webhook_deliveries: options.deliveries,
      webhook_deliveries_per_s: Math.round(options.deliveries / seconds),
      webhook_rss_before_mb: mb(rssBefore),
      webhook_rss_after_mb: mb(rssAfter),
    };
  } finally {
    await receiver.close();
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  const figures = await benchWebhooks({
    deliveries: Number(arg('webhooks') ?? 20_000),
    database: arg('webhook-db') === 'postgres' ? 'postgres' : 'pglite',
  });
  console.log(JSON.stringify(figures));
  process.exit(0);
}
