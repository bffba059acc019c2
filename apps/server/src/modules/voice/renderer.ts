import type { Worker } from 'node:worker_threads';
import { startThread } from '../../platform/build.ts';
import type { Clock, Timer } from '../../platform/clock.ts';
import type { Log } from '../../platform/log.ts';
import type { RenderReply, RenderRequest } from './renderWorker.ts';
import type { RenderedClip, RenderJob } from './synth.ts';

/** Turns a clip's text into MP3 bytes; the voice host's one way to make audio. */
export interface ClipRenderer {
  render(job: RenderJob): Promise<RenderedClip>;
  /** Renders asked for and not answered yet. */
  readonly pending: number;
  close(): Promise<void>;
}

/** A render that takes longer than this is stuck: its thread is ended and the request fails. */
const RENDER_TIMEOUT_MS = 15_000;
/** A thread with nothing to do for this long is ended (espeak-ng holds about 60 MB). */
const IDLE_MS = 5 * 60_000;

/**
 * espeak-ng is synchronous WebAssembly: a clip takes 20–150 ms and loading it 250 ms, too long for
 * the API's event loop. One thread, started at the first render and ended after IDLE_MS without
 * work, renders the clips one after another in the order asked (its message queue is the queue).
 */
export function createWorkerRenderer(log: Log, clock: Clock): ClipRenderer {
  let worker: Worker | null = null;
  let idle: Timer | null = null;
  let nextId = 1;
  const pending = new Map<
    number,
    {
      resolve: (clip: RenderedClip) => void;
      reject: (error: Error) => void;
      timer: Timer;
      thread: Worker;
    }
  >();

  /** Fails the renders given to `thread` (every render when null). */
  const fail = (thread: Worker | null, error: Error) => {
    for (const [id, job] of pending) {
      if (thread && job.thread !== thread) continue;
      job.timer.cancel();
      pending.delete(id);
      job.reject(error);
    }
  };

  const stop = async () => {
    const current = worker;
    worker = null;
    if (current) await current.terminate();
  };

  const start = (): Worker => {
    const started = startThread('voiceWorker', new URL('./renderWorker.ts', import.meta.url));
    started.on('message', (reply: RenderReply) => {
      const job = pending.get(reply.id);
      if (!job) return;
      pending.delete(reply.id);
      job.timer.cancel();
      if (reply.ok) job.resolve(reply);
      else job.reject(new Error(reply.message));
      if (pending.size === 0) scheduleIdle();
    });
    started.on('error', (error) => {
      log.error({ err: error }, 'voice thread failed');
      if (worker === started) worker = null;
      fail(started, error);
    });
    started.on('exit', () => {
      if (worker === started) worker = null;
      fail(started, new Error('voice thread ended'));
    });
    log.info({}, 'voice thread started');
    return started;
  };

  const scheduleIdle = () => {
    // Nothing asked: the thread alone does not keep the process alive.
    worker?.unref();
    idle?.cancel();
    idle = clock.setTimeout(() => {
      if (pending.size === 0) void stop();
    }, IDLE_MS);
  };

  return {
    get pending() {
      return pending.size;
    },
    render(job) {
      idle?.cancel();
      worker ??= start();
      const target = worker;
      target.ref();
      const id = nextId++;
      return new Promise<RenderedClip>((resolve, reject) => {
        const timer = clock.setTimeout(() => {
          // Stuck: end the thread (the next render starts a fresh one); its other jobs fail too.
          pending.delete(id);
          reject(new Error('voice render timed out'));
          if (worker === target) void stop();
        }, RENDER_TIMEOUT_MS);
        pending.set(id, { resolve, reject, timer, thread: target });
        target.postMessage({ id, job } satisfies RenderRequest);
      });
    },
    async close() {
      idle?.cancel();
      fail(null, new Error('voice renderer closed'));
      await stop();
    },
  };
}
