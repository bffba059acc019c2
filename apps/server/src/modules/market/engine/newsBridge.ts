import { randomBytes } from 'node:crypto';
import {
  NEWS_TOPICS,
  newsTimesMessageSchema,
  PROTOCOL_VERSION,
  protocolMismatch,
  protocolOf,
} from '@tapeline/core';
import type { Bus } from '../../../platform/bus/bus.ts';
import type { Clock } from '../../../platform/clock.ts';
import type { Log } from '../../../platform/log.ts';
import { parseJson } from './busProtocol.ts';
import type { EngineHost } from './host.ts';

/**
 * How often the engine asks for the newest news times again. Times only move forward in the
 * engine, so a repeat changes nothing; it mends what a bus outage dropped.
 */
export const NEWS_RESYNC_MS = 10 * 60 * 1000;

/**
 * The engine's side of news, wherever the engine runs (thread of an `all` node, or the engine
 * process): the times of stored articles in from the bus (`news:times`, sent by the API node
 * that stored them) for the stream's news marks and Discovery's `n`. On start it asks the API
 * nodes for the newest times of the last days (`news:sync`), as its state may be empty.
 */
export async function bridgeNews(
  bus: Bus,
  engine: Pick<EngineHost, 'setNewsTimes'>,
  log: Log,
  clock: Clock,
  resyncMs = NEWS_RESYNC_MS,
): Promise<() => Promise<void>> {
  const id = randomBytes(8).toString('hex');
  let refused: number | null = null;
  const offTimes = await bus.subscribe(NEWS_TOPICS.times, (payload) => {
    const message = parseJson(payload);
    const version = protocolOf(message);
    if (message !== undefined && version !== PROTOCOL_VERSION) {
      // Logged once per version heard, not once per message.
      if (refused !== version)
        log.error({ topic: NEWS_TOPICS.times }, protocolMismatch('a news times message', version));
      refused = version;
      return;
    }
    const parsed = newsTimesMessageSchema.safeParse(message);
    if (!parsed.success) {
      log.warn({ issues: parsed.error.issues.length }, 'malformed news times on the bus ignored');
      return;
    }
    if (parsed.data.items.length > 0) engine.setNewsTimes(parsed.data.items);
  });
  const askForTimes = () =>
    bus
      .publish(NEWS_TOPICS.sync, JSON.stringify({ v: PROTOCOL_VERSION, engine: id }))
      .catch((error: Error) => log.error({ err: error }, 'news times sync not requested'));
  await askForTimes();
  const timer = clock.setInterval(() => void askForTimes(), resyncMs);
  return async () => {
    timer.cancel();
    await offTimes();
  };
}
