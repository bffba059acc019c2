import { describe, expect, it } from 'vitest';
import {
  ALERT_EVENTS,
  ALERTS_RESUME_MAX,
  ALERTS_RESUME_WINDOW_MS,
  alertsResumeRequestSchema,
  type FiredAlert,
} from './alerts.ts';
import { PROTOCOL_VERSION } from './protocol.ts';
import { alertsResumeAckSchema } from './socketProtocol.ts';
import { socketRefusal } from './socketRefusals.ts';

// A tab that last saw outbox row 1204 reconnects and asks for the alerts fired since.
const fired = (id: number): FiredAlert => ({
  v: PROTOCOL_VERSION,
  id,
  kind: 'trade',
  symbol: 'AAPL',
  msg: 'AAPL new high 201.50',
  time: 1_763_652_200_000,
  price: 201.5,
  price_dist: null,
  uv: null,
  vwap: null,
  vwap_dist: null,
  zone: 'primary_high',
});

describe('alerts_resume: the request', () => {
  it('is its own socket event, answering at most 200 alerts of the last 2 minutes', () => {
    expect(ALERT_EVENTS.resume).toBe('alerts_resume');
    expect(ALERTS_RESUME_MAX).toBe(200);
    expect(ALERTS_RESUME_WINDOW_MS).toBe(120_000);
  });

  it('names this protocol and the highest alert id held (0: none)', () => {
    expect(alertsResumeRequestSchema.parse({ v: PROTOCOL_VERSION, since: 1204 })).toEqual({
      v: PROTOCOL_VERSION,
      since: 1204,
    });
    expect(alertsResumeRequestSchema.safeParse({ v: PROTOCOL_VERSION, since: 0 }).success).toBe(true);
  });

  it('another protocol, or a missing, negative, fractional or textual since is refused', () => {
    const bad = [
      { v: PROTOCOL_VERSION - 1, since: 1204 },
      { v: PROTOCOL_VERSION },
      { v: PROTOCOL_VERSION, since: -1 },
      { v: PROTOCOL_VERSION, since: 1.5 },
      { v: PROTOCOL_VERSION, since: '1204' },
    ];
    for (const body of bad)
      expect(alertsResumeRequestSchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
  });
});

describe('alerts_resume: the ack', () => {
  it('ok: the fired alerts after since, in id order', () => {
    const ack = alertsResumeAckSchema.parse({ ok: true, alerts: [fired(1205), fired(1206)] });
    expect(ack.ok && ack.alerts.map((a) => a.id)).toEqual([1205, 1206]);
  });

  it('not ok: the one refusal shape (an unreadable request, a socket sending too fast)', () => {
    expect(alertsResumeAckSchema.parse(socketRefusal('bad_request'))).toEqual({
      ok: false,
      error: 'bad_request',
      message: 'That request was not understood.',
    });
    expect(alertsResumeAckSchema.parse(socketRefusal('rate_limited', 5000))).toMatchObject({
      retry_at: 5000,
    });
  });

  it('more than 200 alerts, an alert of another protocol, or another refusal shape is refused', () => {
    const many = Array.from({ length: 201 }, (_, i) => fired(i + 1));
    expect(alertsResumeAckSchema.safeParse({ ok: true, alerts: many }).success).toBe(false);
    expect(alertsResumeAckSchema.safeParse({ ok: true, alerts: [{ ...fired(1), v: 2 }] }).success).toBe(
      false,
    );
    expect(alertsResumeAckSchema.safeParse({ ok: false, reason: 'refused' }).success).toBe(false);
    expect(alertsResumeAckSchema.safeParse({ ok: false, error: 'nope', message: 'x' }).success).toBe(false);
  });
});
