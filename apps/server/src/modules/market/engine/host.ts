import type { RuleSetsMessage } from '@tapeline/core';
import { startThread } from '../../../platform/build.ts';
import type { Clock } from '../../../platform/clock.ts';
import type { Log } from '../../../platform/log.ts';
import type { EngineQuery, EngineStatus, FromEngine, ToEngine } from './protocol.ts';
import { type EngineSource, EngineUnavailableError } from './source.ts';
import type { EngineWorkerData } from './worker.ts';

export interface EngineHost extends EngineSource {
  /** The status the thread reported when it became ready. */
  readonly status: EngineStatus;
  /**
   * Each stream batch as its bus frame (stream/busFrame.ts): epoch and seq, then the
   * raw-deflated JSON that `compressedUpdate` carries.
   */
  onBatch(handler: (frame: Buffer) => void): void;
  /** What the alert evaluator fired, as the `alerts:fired` bus message's JSON. */
  onAlerts(handler: (json: string) => void): void;
  /** Once a second while something prints: the `quotes:tick` bus message's JSON. */
  onQuotes(handler: (json: string) => void): void;
  /** Articles' times for the stream's news marks: [symbol, published ms, 1 when a filing]. */
  setNewsTimes(items: [string, number, 0 | 1][]): void;
  /** Traders' whole rule sets for the evaluator (null: none any more). */
  setRuleSets(sets: RuleSetsMessage['sets']): void;
  setPopular(symbols: string[]): void;
  query(query: EngineQuery, timeoutMs?: number): Promise<string>;
  /** Test and replay entry: NDJSON event lines, applied in order. */
  push(lines: string[]): void;
  checkpoint(): Promise<void>;
  /** Checkpoints, then ends the thread. */
  stop(): Promise<void>;
}

/** Starts the engine thread and resolves once it has restored its state and is running. */
export async function startEngineHost(
  settings: EngineWorkerData,
  log: Log,
  clock: Clock,
): Promise<EngineHost> {
  const thread = spawnEngine({ ...settings, standby: false }, log, clock);
  await thread.ready;
  return thread.host;
}

/** An engine thread with its code loaded, waiting to lead (a hot standby: engineNode.ts). */
export interface EngineStandby {
  /** Restores the last checkpoint and runs with `epoch`; resolves once running. */
  lead(epoch: number): Promise<EngineHost>;
  /** Ends the waiting thread. */
  stop(): Promise<void>;
}

/** Starts an engine thread that loads its code and waits; resolves once it waits. */
export async function prepareEngineHost(
  settings: EngineWorkerData,
  log: Log,
  clock: Clock,
): Promise<EngineStandby> {
  const thread = spawnEngine({ ...settings, standby: true }, log, clock);
  await thread.standingBy;
  return {
    async lead(epoch) {
      thread.worker.postMessage({ type: 'lead', epoch } satisfies ToEngine);
      await thread.ready;
      return thread.host;
    },
    async stop() {
      await thread.worker.terminate();
    },
  };
}

function spawnEngine(settings: EngineWorkerData, log: Log, clock: Clock) {
  const worker = startThread('engineWorker', new URL('./worker.ts', import.meta.url), {
    workerData: settings,
  });
  const batchHandlers: ((frame: Buffer) => void)[] = [];
  const alertHandlers: ((json: string) => void)[] = [];
  const quoteHandlers: ((json: string) => void)[] = [];
  const pending = new Map<number, { resolve: (json: string) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let status: EngineStatus | null = null;

  let standingBy = () => {};
  const waiting = new Promise<void>((resolve, reject) => {
    standingBy = resolve;
    worker.once('error', reject);
  });
  const ready = new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (message: FromEngine) => {
      switch (message.type) {
        case 'standing-by':
          standingBy();
          return;
        case 'ready':
          status = message.status;
          resolve();
          return;
        case 'batch': {
          // The clone arrives as a plain Uint8Array; a view over it, not a copy.
          const b = message.bytes;
          const frame = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
          for (const handler of batchHandlers) handler(frame);
          return;
        }
        case 'alerts':
          for (const handler of alertHandlers) handler(message.json);
          return;
        case 'quotes':
          for (const handler of quoteHandlers) handler(message.json);
          return;
        case 'answer':
          pending.get(message.id)?.resolve(message.json);
          pending.delete(message.id);
          return;
        case 'failed':
          pending.get(message.id)?.reject(new Error(message.message));
          pending.delete(message.id);
          return;
        case 'log':
          log[message.level](message.extra ?? {}, message.msg);
          return;
      }
    });
  });
  worker.on('error', (error) => log.error({ err: error }, 'engine thread failed'));
  // Neither is awaited yet: a rejection is the caller's once it waits (not an unhandled one).
  waiting.catch(() => undefined);
  ready.catch(() => undefined);

  const ask = (build: (id: number) => ToEngine, timeoutMs: number) =>
    new Promise<string>((resolve, reject) => {
      const id = nextId++;
      const timer = clock.setTimeout(() => {
        pending.delete(id);
        reject(new EngineUnavailableError('engine did not answer in time'));
      }, timeoutMs);
      pending.set(id, {
        resolve: (json) => {
          timer.cancel();
          resolve(json);
        },
        reject: (error) => {
          timer.cancel();
          reject(error);
        },
      });
      worker.postMessage(build(id));
    });

  let stopped: Promise<void> | undefined;
  const host: EngineHost = {
    get status() {
      return status as EngineStatus;
    },
    onBatch: (handler) => batchHandlers.push(handler),
    onAlerts: (handler) => alertHandlers.push(handler),
    onQuotes: (handler) => quoteHandlers.push(handler),
    setNewsTimes: (items) => worker.postMessage({ type: 'newsTimes', items } satisfies ToEngine),
    setRuleSets: (sets) => worker.postMessage({ type: 'rules', sets } satisfies ToEngine),
    setPopular: (symbols) => worker.postMessage({ type: 'popular', symbols } satisfies ToEngine),
    query: (query, timeoutMs = 5000) => ask((id) => ({ type: 'query', id, query }), timeoutMs),
    push: (lines) => worker.postMessage({ type: 'events', lines } satisfies ToEngine),
    checkpoint: async () => {
      await ask((id) => ({ type: 'checkpoint', id }), 10_000);
    },
    // Once: a second stop (a module stopping after a health probe or a leader change stopped
    // the engine) would wait on an answer a terminated thread never sends.
    stop: () => {
      stopped ??= (async () => {
        await ask((id) => ({ type: 'stop', id }), 10_000).catch(() => undefined);
        await worker.terminate();
      })();
      return stopped;
    },
  };
  return { worker, host, ready, standingBy: waiting };
}
