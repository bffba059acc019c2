import {
  API_KEY_SCOPES,
  API_KEYS_MAX,
  PROTOCOL_VERSION,
  type SocketAck,
  WS_V1_PATH,
  wsV1ClientMessageSchema,
} from '@tapeline/core';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { profileImages } from '../../platform/db/schema.ts';
import { declaredGuards } from '../../platform/http/route.ts';
import { declaredSocketEvents } from '../../platform/realtime/socketRoute.ts';
import {
  issueTestToken,
  PERSONAS,
  type Persona,
  type SeededUser,
  seedPersona,
  seedUser,
} from '../../test/factories.ts';
import { until } from '../../test/waitFor.ts';
import { withApp } from '../../test/withApp.ts';
import { newApiKey } from '../apiKeys/keyMaterial.ts';
import { createApiKeysRepository } from '../apiKeys/repository.ts';
import { GUARD_DENIALS, MATRIX, type MatrixRoute } from './matrixRoutes.ts';
import { GUARD_REFUSALS, NO_SOCKET, SOCKET_GUARD_DENIALS, SOCKET_MATRIX } from './matrixSocketEvents.ts';
import { WS_MATRIX, WS_NO_SOCKET } from './matrixWsActions.ts';
import { registeredRoutes } from './registeredRoutes.ts';

// Every route the app registers × every kind of caller → the status it must answer, and every
// socket event it declares × every kind of caller → its ack, each over a real client. A new
// route or socket event fails the coverage checks below until it gets a row
// (matrixRoutes.ts, matrixSocketEvents.ts).
// A hand-fed engine, so the data host's routes exist too.
// DEV_ROUTES on (loopback client) so the test routes' rows are checked too.
const app = withApp({
  mail: 'outbox',
  env: { MARKET_FEED: 'manual:2026-11-20T14:30:00Z', DEV_ROUTES: 'true' },
});
const tokens = new Map<Persona, string>();
const personas = new Map<Persona, SeededUser>();
const dataTokens = new Map<Persona, string>();
const apiKeyOf = new Map<Persona, string>();
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
    // Every persona holds a key with every scope (made as the profile makes them; the unverified
    // one straight in the table, since the profile asks for a verified address first).
    const { key, keyId, keyHash } = newApiKey();
    await createApiKeysRepository(app.ctx.database.db).createWithin(API_KEYS_MAX, {
      userId: seeded.user.id,
      name: 'matrix',
      keyId,
      keyHash,
      scopes: [...API_KEY_SCOPES],
      createdAt: new Date(app.clock.now()),
    });
    apiKeyOf.set(persona, key);
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
  const token = row.apiKey
    ? apiKeyOf.get(persona)
    : row.dataToken
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

describe('socket events by persona', () => {
  const connections = new Map<Persona, Socket | string>();

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

  beforeAll(async () => {
    for (const persona of PERSONAS) connections.set(persona, await connect(persona));
  });

  it('has a row for every socket event the app declares, and no row for one it does not', () => {
    const rows = SOCKET_MATRIX.map((row) => row.event).sort();
    expect(rows).toEqual([...declaredSocketEvents(app.app.io).keys()].sort());
    expect(new Set(rows).size).toBe(rows.length);
  });

  it('every event declares its guard, and its row agrees with what that guard turns away', () => {
    const disagreements: string[] = [];
    const guards = declaredSocketEvents(app.app.io);
    for (const row of SOCKET_MATRIX) {
      const guard = guards.get(row.event);
      const denials = guard ? SOCKET_GUARD_DENIALS[guard] : undefined;
      if (!guard || !denials) {
        disagreements.push(`${row.event}: guard ${guard ?? 'not declared'}`);
        continue;
      }
      for (const [index, persona] of PERSONAS.entries()) {
        const expected = [row.expect[index] ?? ''].flat();
        const denied = denials[index];
        const agrees = denied
          ? expected.length === 1 && expected[0] === denied
          : expected.every((outcome) => !GUARD_REFUSALS.has(outcome));
        if (!agrees) disagreements.push(`${row.event} (${guard}): ${persona} expects ${expected.join('|')}`);
      }
    }
    expect(disagreements).toEqual([]);
  });

  it('only a signed-in caller opens a socket', () => {
    for (const persona of PERSONAS) {
      const outcome = connections.get(persona);
      if (persona === 'anonymous') expect(outcome).toBe('Invalid access_token');
      else expect(typeof outcome, persona).not.toBe('string');
    }
  });

  it.each(SOCKET_MATRIX.map((row) => [row.event, row] as const))('%s', async (_event, row) => {
    const actual: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const [index, persona] of PERSONAS.entries()) {
      const socket = connections.get(persona);
      const wanted = [row.expect[index] ?? ''].flat();
      let outcome = NO_SOCKET;
      if (socket && typeof socket !== 'string') {
        const ack = (await socket
          .timeout(5000)
          .emitWithAck(row.event, { v: PROTOCOL_VERSION, ...row.body })) as SocketAck;
        outcome = ack.ok ? 'ok' : ack.error;
      }
      actual[persona] = wanted.includes(outcome) ? wanted.join('|') : outcome;
      expected[persona] = wanted.join('|');
    }
    expect(actual).toEqual(expected);
  });
});

describe('WebSocket /ws/v1 actions by persona', () => {
  it('has a row for every action of the protocol', () => {
    const actions = wsV1ClientMessageSchema.options.map((option) => option.shape.action.value);
    expect([...new Set(WS_MATRIX.map((row) => row.message.action))].sort()).toEqual([...actions].sort());
  });

  it('answers each persona as the row says', async () => {
    const actual: string[] = [];
    const expected: string[] = [];
    for (const [index, persona] of PERSONAS.entries()) {
      const ws = new WebSocket(`${app.baseUrl.replace('http', 'ws')}${WS_V1_PATH}`);
      const heard: string[] = [];
      let closed = 0;
      ws.on('message', (data) => {
        const m = JSON.parse(data.toString()) as { type: string; code?: string };
        heard.push(m.type === 'error' ? `error:${m.code}` : m.type);
      });
      ws.on('close', (code) => {
        closed = code;
      });
      await new Promise((resolve) => ws.once('open', resolve));
      for (const row of WS_MATRIX) {
        const wanted = row.expect[index] ?? '';
        let outcome = WS_NO_SOCKET;
        if (ws.readyState === WebSocket.OPEN) {
          const before = heard.length;
          const key = apiKeyOf.get(persona) ?? 'tl_live_none';
          ws.send(JSON.stringify(row.message).replace('{key}', key));
          outcome = await until(`${persona} ${row.message.action}`, () =>
            heard.length > before ? heard[before] : closed ? `closed:${closed}` : undefined,
          );
        }
        actual.push(
          `${persona} ${JSON.stringify(row.message)} → ${wanted.split('|').includes(outcome) ? wanted : outcome}`,
        );
        expected.push(`${persona} ${JSON.stringify(row.message)} → ${wanted}`);
      }
      ws.terminate();
    }
    expect(actual).toEqual(expected);
  });
});
