import { pino } from 'pino';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Database } from '../../../../platform/db/client.ts';
import { alertDeliveries } from '../../../../platform/db/schema.ts';
import type { ManualClock } from '../../../../test/manualClock.ts';
import { openTestDatabase } from '../../../../test/testDatabase.ts';
import {
  type DeliveryWorker,
  type DeliveryWorkerOptions,
  startDeliveryWorker,
} from '../../delivery/worker.ts';
import { createWebhookSender, type WebhookSenderOptions } from '../webhookSender.ts';
import { type LoopbackReceiver, startLoopbackReceiver } from './loopbackReceiver.ts';

export interface DeliveryHarness {
  /** This file's own database, served by no app, so no other worker claims its rows. */
  readonly database: Database;
  /** A real HTTP receiver on 127.0.0.1, answering 200 unless told otherwise. */
  readonly receiver: LoopbackReceiver;
  /** A node's delivery worker with its own webhook sender (private targets allowed unless said). */
  worker(
    clock: ManualClock,
    options?: DeliveryWorkerOptions &
      Partial<Pick<WebhookSenderOptions, 'allowPrivate' | 'resolve' | 'timeoutMs'>>,
  ): DeliveryWorker;
}

/**
 * The delivery tests' fixtures, registered in the calling file: a database and a receiver for
 * the file, workers stopped and rows cleared after each test. Workers poll only when told to
 * (`pollMs`), so a test moves their clock and calls `runOnce` itself.
 */
export function deliveryHarness(): DeliveryHarness {
  let database: Database | undefined;
  let receiver: LoopbackReceiver | undefined;
  const stops: (() => Promise<void>)[] = [];
  const need = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('deliveryHarness used outside its tests');
    return value;
  };
  beforeAll(async () => {
    database = await openTestDatabase();
    receiver = await startLoopbackReceiver();
  });
  afterEach(async () => {
    for (const stop of stops.splice(0)) await stop();
    need(receiver).received.length = 0;
    need(receiver).answer({ status: 200 });
    await need(database).db.delete(alertDeliveries);
  });
  afterAll(async () => {
    await receiver?.close();
    await database?.close();
  });
  return {
    get database() {
      return need(database);
    },
    get receiver() {
      return need(receiver);
    },
    worker(clock, { allowPrivate = true, resolve, timeoutMs, ...options } = {}) {
      const db = need(database);
      const sender = createWebhookSender({ db: db.db, clock, allowPrivate, resolve, timeoutMs });
      const worker = startDeliveryWorker({ database: db, clock, log: pino({ level: 'silent' }) }, [sender], {
        pollMs: 0,
        ...options,
      });
      stops.push(async () => {
        await worker.stop();
        sender.close();
      });
      return worker;
    },
  };
}
