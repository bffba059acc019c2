import { randomBytes } from 'node:crypto';
import {
  ALERT_EVENTS,
  ALERT_TOPICS,
  type FiredAlert,
  type FiredDraft,
  firedAlertSchema,
  PROTOCOL_VERSION,
} from '@tapeline/core';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { alertOutbox } from '../../../platform/db/schema.ts';
import { seedSubscriber } from '../../../test/factories.ts';
import { connectTab as connectTo, until } from '../../../test/waitFor.ts';
import { withApp } from '../../../test/withApp.ts';
import { firedDraft } from './testing/firedDrafts.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

// Two API nodes behind a load balancer: one database, one Redis (bus and socket adapter). The
// evaluator's message reaches both; the trader has a tab on each. Each alert must be recorded,
// put in the history and shown in each tab exactly once.
const env = {
  REDIS_URL,
  BUS_PREFIX: `tapeline-test-${randomBytes(4).toString('hex')}:`,
  JWT_SECRET: randomBytes(32).toString('hex'),
};
const nodeA = withApp({ mail: 'outbox', env });
const nodeB = withApp(() => ({ mail: 'outbox', env, shareDatabaseWith: nodeA }));
const sockets: Socket[] = [];

afterAll(() => {
  for (const socket of sockets) socket.close();
});

async function connect(baseUrl: string, token: string): Promise<Socket> {
  const socket = await connectTo(baseUrl, token);
  sockets.push(socket);
  return socket;
}

/** The n-th alert, up 2n percent. */
const draft = (userId: string, n: number, kind: FiredDraft['kind'] = 'price') =>
  firedDraft(userId, n, kind, 2 * n);

describe('fired alerts across two API nodes', () => {
  it('records, lists and shows each alert once, however many nodes heard it', async () => {
    const { token, user } = await seedSubscriber(nodeA, 'pro');
    const tabs = [await connect(nodeA.baseUrl, token), await connect(nodeB.baseUrl, token)];
    const heard: FiredAlert[][] = tabs.map(() => []);
    tabs.forEach((tab, i) => {
      tab.on(ALERT_EVENTS.alert, (a: unknown) => heard[i]?.push(firedAlertSchema.parse(a)));
      tab.on(ALERT_EVENTS.filtered, (a: unknown) => heard[i]?.push(firedAlertSchema.parse(a)));
    });
    await new Promise((resolve) => setTimeout(resolve, 100));

    const alerts = [draft(user.id, 1), draft(user.id, 2), draft(user.id, 3, 'filtered')];
    const message = JSON.stringify({ v: PROTOCOL_VERSION, alerts });
    // The evaluator publishes once; a repeat (a resent message) must change nothing either.
    await nodeA.ctx.bus.publish(ALERT_TOPICS.fired, message);
    await nodeA.ctx.bus.publish(ALERT_TOPICS.fired, message);

    const history = await until('three history items', async () => {
      const res = await nodeB.call<{ msg: string; date: number }[]>('GET', '/api/alert_history', { token });
      return res.body.length >= 3 && heard.every((h) => h.length >= 3) ? res.body : undefined;
    });
    // Let any duplicate that was going to arrive arrive.
    await new Promise((resolve) => setTimeout(resolve, 300));

    expect(history.map((h) => h.msg)).toEqual([
      'ABC up 6.0% at 13.00',
      'ABC up 4.0% at 12.00',
      'ABC up 2.0% at 11.00',
    ]);
    expect(history.map((h) => h.date)).toEqual([alerts[2]?.time, alerts[1]?.time, alerts[0]?.time]);
    const rows = await nodeA.ctx.database.db
      .select()
      .from(alertOutbox)
      .where(eq(alertOutbox.userId, user.id));
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.dispatchedAt !== null)).toBe(true);
    for (const tab of heard) {
      expect(tab.map((a) => a.msg).sort()).toEqual(alerts.map((a) => a.msg).sort());
      expect(tab.find((a) => a.kind === 'filtered')).toMatchObject({
        filter: 'Gappers',
        v: PROTOCOL_VERSION,
      });
      // What only the server needs stays there.
      expect(tab[0]).not.toHaveProperty('key');
      expect(tab[0]).not.toHaveProperty('userId');
    }
  });

  it("never shows one trader's alert to another", async () => {
    const a = await seedSubscriber(nodeA, 'pro');
    const b = await seedSubscriber(nodeA, 'pro');
    const tabB = await connect(nodeB.baseUrl, b.token);
    const heardByB: unknown[] = [];
    tabB.on(ALERT_EVENTS.alert, (x: unknown) => heardByB.push(x));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await nodeA.ctx.bus.publish(
      ALERT_TOPICS.fired,
      JSON.stringify({ v: PROTOCOL_VERSION, alerts: [draft(a.user.id, 9)] }),
    );
    await until('A has it', async () => {
      const res = await nodeA.call<unknown[]>('GET', '/api/alert_history', { token: a.token });
      return res.body.length === 1 ? true : undefined;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heardByB).toEqual([]);
    expect((await nodeA.call<unknown[]>('GET', '/api/alert_history', { token: b.token })).body).toEqual([]);
  });

  it('ignores a malformed or other-version message and keeps listening', async () => {
    const { token, user } = await seedSubscriber(nodeA, 'pro');
    await nodeA.ctx.bus.publish(ALERT_TOPICS.fired, '{not json');
    await nodeA.ctx.bus.publish(
      ALERT_TOPICS.fired,
      JSON.stringify({ v: PROTOCOL_VERSION + 1, alerts: [draft(user.id, 4)] }),
    );
    await nodeA.ctx.bus.publish(
      ALERT_TOPICS.fired,
      JSON.stringify({ v: PROTOCOL_VERSION, alerts: [draft(user.id, 5)] }),
    );
    const list = await until('the good one', async () => {
      const res = await nodeA.call<{ msg: string }[]>('GET', '/api/alert_history', { token });
      return res.body.length > 0 ? res.body : undefined;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(list.map((h) => h.msg)).toEqual(['ABC up 10.0% at 15.00']);
  });
});
