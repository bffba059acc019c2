import type { Worker } from 'node:worker_threads';
import { labMessages } from '@tapeline/core';
import { HttpError } from '../../platform/http/errors.ts';
import type { LabMessage } from './labWorker.ts';

/**
 * The chart's bars come from a long-lived lab thread that keeps the last few sessions decoded
 * (decoding a session is too much work for the request thread). Started on first use.
 */
export function sessionBarsReader(start: () => Worker) {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, (json: string | null) => void>();
  const thread = () => {
    if (worker) return worker;
    const w = start();
    w.on('message', (m: LabMessage) => {
      if (m.type !== 'bars') return;
      pending.get(m.id)?.(m.json);
      pending.delete(m.id);
    });
    w.on('exit', () => {
      worker = null;
      for (const resolve of pending.values()) resolve(null);
      pending.clear();
    });
    w.unref();
    worker = w;
    return w;
  };
  return {
    /** The bars' JSON (core sessionBarsAnswerSchema); 404 when the session or symbol is not recorded. */
    async read(date: string, symbol: string, fresh: boolean): Promise<string> {
      const id = nextId++;
      const json = await new Promise<string | null>((resolve) => {
        pending.set(id, resolve);
        thread().postMessage({ id, date, symbol, fresh });
      });
      if (json === null) throw new HttpError(404, 'not_found', labMessages.sessionNotFound);
      return json;
    },
    async stop(): Promise<void> {
      await worker?.terminate();
    },
  };
}
