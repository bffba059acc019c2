import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { alertDeliveries } from '../../../platform/db/schema.ts';

/** The delivery backlog and failures by channel, for the metrics scrape (platform/metrics.ts). */
export async function countDeliveries(db: Db): Promise<{ channel: string; status: string; count: number }[]> {
  return db
    .select({
      channel: alertDeliveries.channel,
      status: alertDeliveries.status,
      count: sql<number>`count(*)::int`,
    })
    .from(alertDeliveries)
    .where(inArray(alertDeliveries.status, ['pending', 'failed']))
    .groupBy(alertDeliveries.channel, alertDeliveries.status);
}
