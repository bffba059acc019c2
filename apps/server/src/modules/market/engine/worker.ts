import { parentPort, workerData } from 'node:worker_threads';
import { deflateRawSync } from 'node:zlib';
import { systemClock } from '../../../platform/clock.ts';
import type { FeedConfig } from '../../../platform/config.ts';
import type { Log, LogFn } from '../../../platform/log.ts';
import { createFeed } from '../feeds/createFeed.ts';
import type { MarketFeed } from '../feeds/feed.ts';
import { decodeLine } from '../feeds/replay/ndjson.ts';
import { SimulatorFeed } from '../feeds/simulator/simulatorFeed.ts';
import { encodeBusFrame } from '../stream/busFrame.ts';
import { createCheckpointStore } from './checkpointStore.ts';
import { FILTERED_EVERY_MS } from './engineAlerts.ts';
import type { FromEngine, ToEngine } from './protocol.ts';
import { firstEventTime } from './replayStart.ts';
import { EngineRuntime } from './runtime.ts';

/** Settings the API thread hands the engine thread at start. */
export interface EngineWorkerData {
  /** MARKET_FEED as written: the engine's status names it. */
  feed: string;
  /** The feed this thread runs, checked at start by the server's config; null when hand-fed. */
  source: FeedConfig | null;
  checkpointFile: string | null;
  /** The Alert lab's recorder: where sessions go and how many are kept; null: off. */
  record?: { dir: string; keep: number } | null;
  drainMs: number;
  checkpointMs: number;
  /** Where a feed with its own clock starts (simulator, replay); null follows the wall clock. */
  clockStart: number | null;
  /**
   * The stream's epoch: the leader lease's fencing token (engineNode.ts); absent, this run's
   * wall-clock start.
   */
  epoch?: number;
}

// The engine thread: the feed, the hot loop and the recomputes run here so that the API's
// event loop never waits on them. Batches leave as raw-deflated JSON, serialized and compressed
// once here, so that every node and socket shares those bytes (docs/decisions.md, "Stream encoding").
if (!parentPort) throw new Error('worker.ts runs as a worker thread');
const port = parentPort;
const data = workerData as EngineWorkerData;
const send = (message: FromEngine) => port.postMessage(message);
// The thread's clock: no context crosses into a worker, so it is the system's, scoped so that
// `stop` ends every timer the thread started.
const clock = systemClock.scope();

// The thread's Log: each line goes to the API thread, which writes it to the process's log.
const toParent =
  (level: 'info' | 'warn' | 'error'): LogFn =>
  (first: object | string, message?: string) =>
    typeof first === 'string'
      ? send({ type: 'log', level, msg: first })
      : send({ type: 'log', level, msg: message ?? '', extra: first as Record<string, unknown> });
const feedLog: Log = {
  debug: () => {},
  info: toParent('info'),
  warn: toParent('warn'),
  error: toParent('error'),
  child: () => feedLog,
};

// A hand-fed engine (MARKET_FEED=manual: tests, tools) has no feed.
// A feed whose plan refuses the whole market streams the symbols traders watch (read when it
// subscribes, after the runtime below exists).
const feed: MarketFeed | null = data.source
  ? createFeed(data.source, feedLog, { watched: () => runtime.alerts.watchedSymbols(), clock })
  : null;
const replayStart = data.source?.kind === 'replay' ? await firstEventTime(data.source.file) : null;

const runtime = new EngineRuntime(
  data.feed,
  data.checkpointFile ? createCheckpointStore(data.checkpointFile) : null,
  // The simulator's virtual clock starts at its opening bell, so that session's checkpoint is the one restored.
  {
    clock,
    clockStart: feed instanceof SimulatorFeed ? feed.startTs : (replayStart ?? data.clockStart),
    epoch: data.epoch,
    record: data.record
      ? {
          ...data.record,
          onError: (error) =>
            send({
              type: 'log',
              level: 'error',
              msg: 'session recorder failed',
              extra: { error: error.message },
            }),
        }
      : null,
  },
);

async function start(): Promise<void> {
  const restored = await runtime.restore();
  if (restored) {
    // The simulator goes on from the checkpoint's time (not its opening bell): the same session.
    if (feed instanceof SimulatorFeed && runtime.resumedAt !== null) feed.resumeFrom(runtime.resumedAt);
    send({
      type: 'log',
      level: 'info',
      msg: 'engine state restored from checkpoint',
      extra: { resumedAt: runtime.resumedAt },
    });
  }
  // A feed that cannot start (refused keys, missing file) is reported; the API keeps serving.
  feed?.start(runtime.sink).catch((error: Error) => feedLog.error(`market feed failed: ${error.message}`));
  const sendAlerts = () => {
    const fired = runtime.alerts.take();
    if (fired) send({ type: 'alerts', json: fired });
  };
  runtime.feedReconnects = () => feed?.stats().reconnects ?? 0;
  clock.setInterval(() => {
    const began = clock.now();
    const json = runtime.drain();
    sendAlerts();
    if (!json) return;
    // The bus frame: the batch's epoch and seq in front, so nodes index it without inflating.
    // One exact buffer (a small deflate output is a view into zlib's 16 KB chunk, and a clone
    // carries the whole ArrayBuffer, which the backlog would then keep).
    const { epoch, queue } = runtime.engine;
    send({ type: 'batch', bytes: encodeBusFrame(epoch, queue.published, deflateRawSync(json)) });
    runtime.batches.count++;
    runtime.batches.ms += clock.now() - began;
  }, data.drainMs);
  // Once a second: the filtered alert channels, and the live prices of what printed since.
  clock.setInterval(() => {
    runtime.recording?.tick(runtime.engine.clock());
    runtime.alerts.refreshFiltered(runtime.engine.clock());
    sendAlerts();
    const quotes = runtime.quoteTick();
    if (quotes) send({ type: 'quotes', json: quotes });
  }, FILTERED_EVERY_MS);
  clock.setInterval(() => {
    runtime.checkpoint().catch((error: Error) => {
      send({ type: 'log', level: 'error', msg: 'checkpoint failed', extra: { error: error.message } });
    });
  }, data.checkpointMs);

  port.on('message', (message: ToEngine) => {
    switch (message.type) {
      case 'events':
        for (const line of message.lines) decodeLine(line, runtime.sink, runtime.sink.clock);
        return;
      case 'rules':
        runtime.alerts.setRuleSets(message.sets);
        return;
      case 'popular':
        runtime.alerts.setPopular(message.symbols);
        return;
      case 'newsTimes':
        runtime.newsTimes(message.items);
        return;
      case 'query':
        try {
          send({ type: 'answer', id: message.id, json: runtime.answer(message.query) });
        } catch (error) {
          send({ type: 'failed', id: message.id, message: (error as Error).message });
        }
        return;
      case 'checkpoint':
        runtime.checkpoint().then(
          () => send({ type: 'answer', id: message.id, json: 'true' }),
          (error: Error) => send({ type: 'failed', id: message.id, message: error.message }),
        );
        return;
      case 'stop':
        clock.dispose();
        (feed?.stop() ?? Promise.resolve())
          .catch(() => undefined)
          .then(() => {
            runtime.recording?.close(runtime.engine.clock());
            return runtime.checkpoint();
          })
          .finally(() => send({ type: 'answer', id: message.id, json: 'true' }));
        return;
    }
  });
  send({ type: 'ready', status: runtime.status() });
}

start().catch((error: Error) => {
  send({ type: 'log', level: 'error', msg: 'engine failed to start', extra: { error: error.message } });
  process.exit(1);
});
