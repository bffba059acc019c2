import {
  ALERT_EVENTS,
  CHAT_EVENTS,
  DISCOVERY_LIVE_EVENTS,
  NEWS_EVENTS,
  PROTOCOL_VERSION,
  QUOTE_EVENTS,
  STREAM_EVENTS,
  type StreamResumeAck,
} from '@tapeline/core';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileImages } from '../../platform/db/schema.ts';
import { declaredGuards } from '../../platform/http/route.ts';
import {
  issueTestToken,
  PERSONAS,
  type Persona,
  type SeededUser,
  seedPersona,
  seedUser,
} from '../../test/factories.ts';
import { withApp } from '../../test/withApp.ts';
import { GUARD_DENIALS, MATRIX, type MatrixRoute } from './matrixRoutes.ts';
import { registeredRoutes } from './registeredRoutes.ts';

// Every route the app registers × every kind of caller → the status it must answer. A new
// route fails the coverage check below until it gets a row here.
// A hand-fed engine, so the data host's routes exist too.
// DEV_ROUTES on (loopback client) so the test routes' rows are checked too.
const app = withApp({
  mail: 'outbox',
  env: { MARKET_FEED: 'manual:2026-11-20T14:30:00Z', DEV_ROUTES: 'true' },
});
const tokens = new Map<Persona, string>();
const personas = new Map<Persona, SeededUser>();
const dataTokens = new Map<Persona, string>();
let victim = '';
const sockets: Socket[] = [];

beforeAll(async () => {
  for (const persona of PERSONAS) {
    const seeded = await seedPersona(app, persona);
    if (!seeded) continue;
    tokens.set(persona, seeded.token);
    personas.set(persona, seeded);
    const ds = await app.call<{ token?: string }>('POST', '/api/auth/ds/login', { token: seeded.token });
    if (ds.body.token) dataTokens.set(persona, ds.body.token);
  }
  victim = (await seedUser(app)).user.id;
  await app.ctx.database.db
    .insert(profileImages)
    .values({ userId: victim, contentType: 'image/webp', bytes: Buffer.from('RIFF') });
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
});

async function call(row: MatrixRoute, persona: Persona): Promise<number> {
  const url = (row.url ?? row.route).replace('{imageOwner}', victim);
  const seeded = personas.get(persona);
  const token = row.dataToken
    ? (dataTokens.get(persona) ?? tokens.get(persona))
    : row.ownSession && seeded
      ? await issueTestToken(app, seeded.user)
      : tokens.get(persona);
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  let body: RequestInit['body'];
  if (row.form) {
    const form = new FormData();
    for (const [key, value] of Object.entries(row.form(persona))) form.set(key, value);
    body = form;
  } else if (row.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(row.json).replace('{victim}', victim);
  }
  const res = await fetch(`${app.baseUrl}${url}`, { method: row.method, headers, body, redirect: 'manual' });
  await res.arrayBuffer();
  return res.status;
}

describe('authorization matrix', () => {
  it('has a row for every route the app registers, and no row for a route that does not exist', () => {
    const rows = [...new Set(MATRIX.map((row) => `${row.method} ${row.route}`))].sort();
    expect(rows).toEqual(registeredRoutes(app.app.http));
  });

  it('every route declares its guard, and its row agrees with what that guard turns away', () => {
    const disagreements: string[] = [];
    const guards = declaredGuards(app.app.http);
    for (const row of MATRIX) {
      const name = `${row.method} ${row.route}`;
      const guard = guards.get(name);
      const denials = guard ? GUARD_DENIALS[row.bodyTier ? `tier:${row.bodyTier}` : guard] : undefined;
      if (!guard || !denials) {
        disagreements.push(`${name}: guard ${guard ?? 'not declared'}`);
        continue;
      }
      for (const [index, persona] of PERSONAS.entries()) {
        const expected = row.expect[index];
        const denied = denials[index];
        const agrees = denied ? expected === denied : expected !== 401 && expected !== 403;
        if (!agrees) disagreements.push(`${name} (${guard}): ${persona} expects ${expected}`);
      }
    }
    expect(disagreements).toEqual([]);
  });

  it.each(
    MATRIX.map(
      (row) =>
        [
          `${row.method} ${row.url ?? row.route}${row.bodyTier ? ` (${row.bodyTier} body)` : ''}`,
          row,
        ] as const,
    ),
  )('%s', async (_name, row) => {
    const actual: Record<string, number> = {};
    const expected: Record<string, number> = {};
    for (const [index, persona] of PERSONAS.entries()) {
      actual[persona] = await call(row, persona);
      expected[persona] = row.expect[index] ?? 0;
    }
    expect(actual).toEqual(expected);
  });
});

describe('socket.io by persona', () => {
  function connect(persona: Persona): Promise<Socket | string> {
    const token = tokens.get(persona);
    const socket = io(app.baseUrl, {
      auth: token ? { token } : {},
      transports: ['websocket'],
      reconnection: false,
      timeout: 5000,
    });
    sockets.push(socket);
    return new Promise((resolve) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', (error) => resolve(error.message));
    });
  }

  // Handshake: any valid token connects; none fails. stream_subscribe and stream_resume:
  // subscribers only; alerts_resume: any signed-in socket.
  it.each<[Persona, string, boolean]>([
    ['anonymous', 'Invalid access_token', false],
    ['unverified', 'connect', false],
    ['verified', 'connect', false],
    ['standard', 'connect', true],
    ['pro', 'connect', true],
    ['pro_old', 'connect', true],
    ['proplus', 'connect', true],
    ['mod', 'connect', false],
    ['admin', 'connect', false],
  ])('%s: handshake %s, stream_subscribe %s', async (persona, handshake, streams) => {
    const outcome = await connect(persona);
    if (typeof outcome === 'string') {
      expect(outcome).toBe(handshake);
      return;
    }
    expect(handshake).toBe('connect');
    const ack = (await outcome
      .timeout(5000)
      .emitWithAck(STREAM_EVENTS.subscribe, { v: PROTOCOL_VERSION })) as { success: boolean };
    expect(ack.success).toBe(streams);
    // Catch-up after a drop (docs/continuity.md §2): the stream's frames for subscribers only
    // (the answer itself, gap or frames, depends on what this node kept); a signed-in socket's
    // own missed alerts for everyone.
    const resumed = (await outcome
      .timeout(5000)
      .emitWithAck(STREAM_EVENTS.resume, { v: PROTOCOL_VERSION, ep: 1, since: 0 })) as StreamResumeAck;
    expect(resumed.ok || resumed.reason !== 'refused').toBe(streams);
    expect(
      await outcome.timeout(5000).emitWithAck(ALERT_EVENTS.resume, { v: PROTOCOL_VERSION, since: 0 }),
    ).toEqual({ ok: true, alerts: [] });
    // Pushed news: the same subscribers (docs/quotes-news.md §3).
    const news = (await outcome
      .timeout(5000)
      .emitWithAck(NEWS_EVENTS.subscribe, { v: PROTOCOL_VERSION })) as { success: boolean };
    expect(news.success).toBe(streams);
    // Live quote prices: the same subscribers (docs/quotes-news.md §1).
    const quotes = (await outcome
      .timeout(5000)
      .emitWithAck(QUOTE_EVENTS.subscribe, { v: PROTOCOL_VERSION })) as { success: boolean };
    expect(quotes.success).toBe(streams);
    // Discovery's live patches: Pro (current or old) and Pro Plus only (core discoveryAccess).
    const discovery = (await outcome
      .timeout(5000)
      .emitWithAck(DISCOVERY_LIVE_EVENTS.subscribe, { v: PROTOCOL_VERSION, tf: '1d' })) as {
      success: boolean;
    };
    expect(discovery.success).toBe(['pro', 'pro_old', 'proplus'].includes(persona));
    // Chat (docs/chat.md): joining, posting, voting and typing are for subscribers; deleting,
    // banning and slow mode for mods and admins (a message or user that does not exist: past the
    // role check, refused as unknown).
    const chat = async (event: string, body: Record<string, unknown>) =>
      (await outcome.timeout(5000).emitWithAck(event, { v: PROTOCOL_VERSION, ...body })) as {
        success: boolean;
        code?: string;
      };
    const refusedSubscriber = streams ? undefined : 'not_subscribed';
    expect((await chat(CHAT_EVENTS.subscribe, { channel: 'offtopic' })).code).toBe(refusedSubscriber);
    expect((await chat(CHAT_EVENTS.typing, { channel: 'offtopic' })).code).toBe(
      streams ? undefined : 'not_joined',
    );
    expect((await chat(CHAT_EVENTS.vote, { id: 999_999_999, value: 1 })).code).toBe(
      streams ? 'unknown_message' : 'not_subscribed',
    );
    expect((await chat(CHAT_EVENTS.send, { channel: 'nope', msg: 'x' })).code).toBe(
      streams ? 'unknown_channel' : 'not_subscribed',
    );
    expect((await chat(CHAT_EVENTS.unsubscribe, {})).success).toBe(true);
    const mod = persona === 'mod' || persona === 'admin';
    expect((await chat(CHAT_EVENTS.delete, { id: 999_999_999 })).code).toBe(
      mod ? 'unknown_message' : 'forbidden',
    );
    expect(
      (await chat(CHAT_EVENTS.ban, { user_id: '00000000-0000-4000-8000-000000000000', minutes: 1 })).code,
    ).toBe(mod ? 'unknown_user' : 'forbidden');
    expect((await chat(CHAT_EVENTS.slowMode, { channel: 'nope', seconds: 1 })).code).toBe(
      mod ? 'unknown_channel' : 'forbidden',
    );
  });
});
