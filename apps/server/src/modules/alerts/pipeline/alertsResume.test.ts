import {
  ALERT_EVENTS,
  ALERT_TOPICS,
  ALERTS_RESUME_MAX,
  ALERTS_RESUME_WINDOW_MS,
  type AlertsResumeAck,
  alertsResumeAckSchema,
  type FiredAlert,
  type FiredDraft,
  firedAlertSchema,
  PROTOCOL_VERSION,
} from '@tapeline/core';
import type { Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { alertOutbox } from '../../../platform/db/schema.ts';
import { seedSubscriber } from '../../../test/factories.ts';
import { connectTab, until } from '../../../test/waitFor.ts';
import { withApp } from '../../../test/withApp.ts';
import { firedDraft } from './testing/firedDrafts.ts';

// A tab that dropped its connection asks `alerts_resume` on reconnect (docs/continuity.md §2).
// Runs on PGlite and, with TEST_DB_KIND=postgres, on Postgres.
const app = withApp({ mail: 'outbox' });
const sockets: Socket[] = [];
afterAll(() => {
  for (const socket of sockets) socket.close();
});

async function tab(token: string): Promise<Socket> {
  const socket = await connectTab(app.baseUrl, token);
  sockets.push(socket);
  return socket;
}

async function resume(socket: Socket, body: unknown): Promise<AlertsResumeAck> {
  return alertsResumeAckSchema.parse(await socket.timeout(5000).emitWithAck(ALERT_EVENTS.resume, body));
}

const draft = firedDraft;

/** Outbox rows written straight to the table, `ageMs` before the app's clock. */
async function insertRows(drafts: FiredDraft[], { ageMs = 0, dispatched = true } = {}): Promise<void> {
  const at = new Date(app.clock.now().getTime() - ageMs);
  await app.ctx.database.db.insert(alertOutbox).values(
    drafts.map((d) => ({
      key: d.key,
      userId: d.userId,
      alert: d,
      createdAt: at,
      dispatchedAt: dispatched ? at : null,
    })),
  );
}

const ids = (ack: AlertsResumeAck) => (ack.ok ? ack.alerts.map((a) => a.id) : ack.error);

describe('alerts_resume', () => {
  it('answers the alerts the live events carried, in the same shape, above the id the tab holds', async () => {
    const { token, user } = await seedSubscriber(app, 'pro');
    const live = await tab(token);
    const heard: FiredAlert[] = [];
    live.on(ALERT_EVENTS.alert, (a: unknown) => heard.push(firedAlertSchema.parse(a)));
    live.on(ALERT_EVENTS.filtered, (a: unknown) => heard.push(firedAlertSchema.parse(a)));
    const alerts = [draft(user.id, 1), draft(user.id, 2, 'filtered'), draft(user.id, 3)];
    await app.ctx.bus.publish(ALERT_TOPICS.fired, JSON.stringify({ v: PROTOCOL_VERSION, alerts }));
    await until('three live alerts', () => (heard.length >= 3 ? true : undefined));
    heard.sort((a, b) => a.id - b.id);

    // Another tab of the same trader, back after a drop, holding none of them.
    const back = await tab(token);
    expect(await resume(back, { v: PROTOCOL_VERSION, since: 0 })).toEqual({ ok: true, alerts: heard });
    const first = heard[0] as FiredAlert;
    expect(await resume(back, { v: PROTOCOL_VERSION, since: first.id })).toEqual({
      ok: true,
      alerts: heard.slice(1),
    });
    const last = heard[2] as FiredAlert;
    expect(await resume(back, { v: PROTOCOL_VERSION, since: last.id })).toEqual({ ok: true, alerts: [] });
  });

  it('leaves out other traders’ alerts, undispatched rows and those older than the window', async () => {
    const { token, user } = await seedSubscriber(app);
    const other = await seedSubscriber(app);
    // Undispatched rows must stay so while the test reads: this node's dispatch loop stops here.
    await app.app.alerts.outbox.stop();
    await insertRows([draft(user.id, 10)], { ageMs: ALERTS_RESUME_WINDOW_MS + 1000 });
    await insertRows([draft(user.id, 11)], { ageMs: ALERTS_RESUME_WINDOW_MS - 1000 });
    await insertRows([draft(user.id, 12)], { dispatched: false });
    await insertRows([draft(other.user.id, 13)]);
    await insertRows([draft(user.id, 14)]);
    const socket = await tab(token);
    const ack = await resume(socket, { v: PROTOCOL_VERSION, since: 0 });
    expect(ack.ok && ack.alerts.map((a) => a.msg)).toEqual([
      'ABC up 11.0% at 111.00',
      'ABC up 14.0% at 114.00',
    ]);

    // Two more minutes on the injected clock: both fall out of the window.
    app.clock.advance(ALERTS_RESUME_WINDOW_MS);
    expect(await resume(socket, { v: PROTOCOL_VERSION, since: 0 })).toEqual({ ok: true, alerts: [] });
  });

  it(`answers at most ${ALERTS_RESUME_MAX}, the oldest first`, async () => {
    const { token, user } = await seedSubscriber(app);
    await insertRows(Array.from({ length: ALERTS_RESUME_MAX + 5 }, (_, i) => draft(user.id, 100 + i)));
    const ack = await resume(await tab(token), { v: PROTOCOL_VERSION, since: 0 });
    const got = ids(ack) as number[];
    expect(got).toHaveLength(ALERTS_RESUME_MAX);
    expect(got).toEqual([...got].sort((a, b) => a - b));
    expect(ack.ok && ack.alerts[0]?.msg).toBe('ABC up 100.0% at 1100.00');
  });

  it('refuses a body it cannot read and keeps serving the socket', async () => {
    const { token } = await seedSubscriber(app);
    const socket = await tab(token);
    for (const body of [
      undefined,
      null,
      'since=0',
      [],
      {},
      { v: PROTOCOL_VERSION },
      { v: PROTOCOL_VERSION + 1, since: 0 },
      { v: PROTOCOL_VERSION, since: -1 },
      { v: PROTOCOL_VERSION, since: 1.5 },
      { v: PROTOCOL_VERSION, since: '0' },
      { v: PROTOCOL_VERSION, since: Number.MAX_VALUE },
    ]) {
      const ack = await socket.timeout(5000).emitWithAck(ALERT_EVENTS.resume, body);
      expect(ack, JSON.stringify(body)).toMatchObject({ ok: false });
      expect(['bad_request', 'protocol_version'], JSON.stringify(body)).toContain(
        (ack as { error: string }).error,
      );
    }
    // Without an ack there is nobody to answer: nothing happens, and the socket still works.
    socket.emit(ALERT_EVENTS.resume, { v: PROTOCOL_VERSION, since: 0 });
    expect(await resume(socket, { v: PROTOCOL_VERSION, since: 0 })).toEqual({ ok: true, alerts: [] });
  });
});
