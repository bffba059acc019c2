import {
  DISCOVERY_LIVE_EVENTS,
  DISCOVERY_LIVE_MS,
  type DiscoveryAccess,
  type DiscoveryLiveRow,
  type DiscoveryPatchOut,
  discoveryAccess,
  discoverySubscribeSchema,
  hiddenDiscoveryKeys,
  PROTOCOL_VERSION,
  TIMEFRAME_IDS,
  type TimeframeId,
  versionOnlySchema,
} from '@tapeline/core';
import type { FastifyInstance } from 'fastify';
import type { Server, Socket } from 'socket.io';
import type { Clock } from '../../../platform/clock.ts';
import type { AppContext } from '../../../platform/context.ts';
import type { Guards, Principal } from '../../../platform/http/guards.ts';
import {
  connectedSocket,
  type SocketGuard,
  SocketRefusalError,
  socketRoute,
} from '../../../platform/realtime/socketRoute.ts';
import { type EngineSource, EngineUnavailableError } from '../engine/source.ts';
import { type HeldDiscovery, recheckDiscoveryAccess } from './discoveryLiveAccess.ts';

// Discovery's live mode (issue 13 §9): a tab that opts in sits in `discovery:<tf>:<access>` and
// hears, once a second, the rows that changed since the last patch, stripped for its plan. The
// work is per timeframe and plan on this node (one engine query per timeframe, one diff per
// room), never per socket; every node serves its own sockets (`io.local`), so a room spread over
// nodes through the Redis adapter is never written twice.

type Access = Exclude<DiscoveryAccess, 'none'>;
const ACCESS_LEVELS: readonly Access[] = ['proplus', 'oldpro', 'pro'];
const ROOM_PREFIX = 'discovery:';

export const discoveryRoom = (tf: TimeframeId, access: Access) => `${ROOM_PREFIX}${tf}:${access}`;

export interface DiscoveryLiveDeps {
  /** Who may subscribe: Pro (current or old) and Pro Plus (`guards.socket.tier('pro')`). */
  guard: SocketGuard<Principal>;
  /** What the user may see of Discovery now, read again every DISCOVERY_RECHECK_MS. */
  access(userId: string): Promise<DiscoveryAccess>;
  clock: Clock;
  log: { warn(obj: object, msg: string): void };
}

/** What one tick did, for tests and the bench: the work must not grow with the sockets. */
export interface DiscoveryTickReport {
  /** Engine queries (one per timeframe somebody here listens to). */
  queried: number;
  /** Rooms diffed (one per timeframe × plan somebody here listens to). */
  computed: number;
  /** Patches emitted (one per room with a change). */
  sent: number;
}

export interface DiscoveryLive {
  /** Computes and sends this second's patches; ticks never overlap (a second call waits). */
  tick(): Promise<DiscoveryTickReport>;
  /** Totals since start. */
  readonly totals: DiscoveryTickReport & { ticks: number };
  stop(): void;
}

/** What the sockets of one room hold: the last rows sent, stripped, by symbol. */
interface RoomState {
  ts: number;
  rows: Map<string, DiscoveryLiveRow>;
}

function stripped(row: DiscoveryLiveRow, hidden: ReadonlySet<string>): DiscoveryLiveRow {
  if (hidden.size === 0) return row;
  const copy: DiscoveryLiveRow = { s: row.s };
  for (const key in row) if (!hidden.has(key)) copy[key] = row[key];
  return copy;
}

/** Row values are numbers, strings, null or short arrays of numbers (DiscoveryRow). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  return a.every((item, i) => item === b[i]);
}

/** Whether the row a room holds (stripped) still shows the same as the served (full) row. */
function sameVisible(held: DiscoveryLiveRow, full: DiscoveryLiveRow, hidden: ReadonlySet<string>): boolean {
  let keys = 0;
  for (const key in held) {
    keys += 1;
    if (!sameValue(held[key], full[key])) return false;
  }
  // A key the room's row lacks (a column that became known) is a change too.
  let visible = 0;
  for (const key in full) if (!hidden.has(key)) visible += 1;
  return keys === visible;
}

/**
 * This second's patch against what the room holds, and what it will hold after it. Unchanged
 * rows keep the object the room holds: only changed rows are stripped (copied).
 */
export function diffRows(
  before: RoomState | undefined,
  served: readonly DiscoveryLiveRow[],
  hiddenKeys: readonly string[],
): { rows: DiscoveryLiveRow[]; removed: string[]; after: Map<string, DiscoveryLiveRow> } {
  const hidden = new Set(hiddenKeys);
  const after = new Map<string, DiscoveryLiveRow>();
  const rows: DiscoveryLiveRow[] = [];
  for (const full of served) {
    const old = before?.rows.get(full.s);
    if (old && sameVisible(old, full, hidden)) after.set(full.s, old);
    else {
      const row = stripped(full, hidden);
      after.set(full.s, row);
      rows.push(row);
    }
  }
  // Only when the counts say a symbol may have gone (the common second has none).
  let removed: string[] = [];
  if (before && before.rows.size + rows.length > after.size) {
    removed = [...before.rows.keys()].filter((symbol) => !after.has(symbol));
  }
  return { rows, removed, after };
}

/**
 * A room's patch from what changed in the full rows this second (found once per timeframe, for
 * every plan): a changed row is sent only when what the plan sees of it changed. `held` (what
 * the room holds) is brought up to date in place.
 */
export function patchRoom(
  held: Map<string, DiscoveryLiveRow>,
  changed: readonly DiscoveryLiveRow[],
  gone: readonly string[],
  hiddenKeys: readonly string[],
): { rows: DiscoveryLiveRow[]; removed: string[] } {
  const hidden = new Set(hiddenKeys);
  const rows: DiscoveryLiveRow[] = [];
  for (const full of changed) {
    const old = held.get(full.s);
    if (old && sameVisible(old, full, hidden)) continue;
    const row = stripped(full, hidden);
    held.set(full.s, row);
    rows.push(row);
  }
  const removed = gone.filter((symbol) => held.delete(symbol));
  return { rows, removed };
}

function leaveDiscovery(socket: Socket): void {
  for (const room of socket.rooms) if (room.startsWith(ROOM_PREFIX)) void socket.leave(room);
  socket.data.discovery = undefined;
}

/**
 * `discovery_subscribe {v, tf}` (Pro and Pro Plus) moves the socket to its timeframe and plan's
 * room and, when this node already computes that room, sends it the room's rows at once (a full
 * patch), so it never waits on rows it missed; `discovery_unsubscribe {v}` leaves. Every
 * DISCOVERY_LIVE_MS the rooms with sockets on this node are recomputed.
 */
export function startDiscoveryLive(
  io: Server,
  engine: Pick<EngineSource, 'query'>,
  deps: DiscoveryLiveDeps,
  intervalMs: number | null = DISCOVERY_LIVE_MS,
): DiscoveryLive {
  const states = new Map<string, RoomState>();
  /** Per timeframe, the full rows last served: what changed is found once for every plan. */
  const served = new Map<TimeframeId, RoomState>();
  const totals = { ticks: 0, queried: 0, computed: 0, sent: 0 };
  let running: Promise<DiscoveryTickReport> | null = null;
  let warned = false;

  const patchOf = (
    tf: TimeframeId,
    ts: number,
    rows: DiscoveryLiveRow[],
    removed: string[],
    full: boolean,
  ) => {
    const patch: DiscoveryPatchOut = { v: PROTOCOL_VERSION, tf, ts, rows, removed };
    if (full) patch.full = true;
    return patch;
  };

  /** The rooms with a socket on this node, by timeframe. */
  function listened(): Map<TimeframeId, Access[]> {
    const { rooms } = io.of('/').adapter;
    const found = new Map<TimeframeId, Access[]>();
    for (const tf of TIMEFRAME_IDS) {
      const levels = ACCESS_LEVELS.filter((access) => (rooms.get(discoveryRoom(tf, access))?.size ?? 0) > 0);
      if (levels.length > 0) found.set(tf, levels);
    }
    return found;
  }

  /** A socket whose plan changed moves to its new plan's room, or leaves live mode. */
  async function replan(socket: Socket, held: HeldDiscovery, access: DiscoveryAccess): Promise<void> {
    if (access === 'none') {
      leaveDiscovery(socket);
      socket.emit(DISCOVERY_LIVE_EVENTS.ended, { v: PROTOCOL_VERSION, reason: 'upgrade' });
      return;
    }
    await enter(socket, held.tf, access);
  }

  async function compute(): Promise<DiscoveryTickReport> {
    const report = { queried: 0, computed: 0, sent: 0 };
    try {
      await recheckDiscoveryAccess(io, ROOM_PREFIX, deps.clock.now().getTime(), deps.access, replan);
    } catch (error) {
      deps.log.warn({ err: error }, 'discovery live plan check failed');
    }
    const rooms = listened();
    // A room nobody here listens to any more is forgotten: its next listener starts from a full patch.
    for (const key of states.keys()) {
      const [, tf, access] = key.split(':') as [string, TimeframeId, Access];
      if (!rooms.get(tf)?.includes(access)) states.delete(key);
    }
    for (const tf of served.keys()) if (!rooms.has(tf)) served.delete(tf);
    for (const [tf, levels] of rooms) {
      let rows: DiscoveryLiveRow[];
      try {
        // Every column once; each plan's rows are stripped here, as the data host strips them.
        rows = JSON.parse(await engine.query({ kind: 'discovery', tf, access: 'proplus' }));
        report.queried += 1;
      } catch (error) {
        if (!(error instanceof EngineUnavailableError) || !warned) {
          warned = error instanceof EngineUnavailableError;
          deps.log.warn({ err: error, tf }, 'discovery live patch skipped');
        }
        continue;
      }
      const ts = deps.clock.now().getTime();
      const previous = served.get(tf);
      const all = diffRows(previous, rows, []);
      served.set(tf, { ts, rows: all.after });
      for (const access of levels) {
        const room = discoveryRoom(tf, access);
        const before = states.get(room);
        const hidden = hiddenDiscoveryKeys(access);
        let patch: { rows: DiscoveryLiveRow[]; removed: string[] };
        if (before && previous) {
          patch = patchRoom(before.rows, all.rows, all.removed, hidden);
          before.ts = ts;
        } else {
          const first = diffRows(before, rows, hidden);
          states.set(room, { ts, rows: first.after });
          patch = first;
        }
        report.computed += 1;
        if (patch.rows.length === 0 && patch.removed.length === 0) continue;
        io.local
          .to(room)
          .emit(DISCOVERY_LIVE_EVENTS.patch, patchOf(tf, ts, patch.rows, patch.removed, !before));
        report.sent += 1;
      }
    }
    totals.ticks += 1;
    totals.queried += report.queried;
    totals.computed += report.computed;
    totals.sent += report.sent;
    return report;
  }

  async function tick(): Promise<DiscoveryTickReport> {
    while (running) await running.catch(() => {});
    const current = compute();
    running = current;
    try {
      return await current;
    } finally {
      if (running === current) running = null;
    }
  }

  /** Puts the socket in the room of `tf` and `access`, with the room's rows when held here. */
  async function enter(socket: Socket, tf: TimeframeId, access: Exclude<DiscoveryAccess, 'none'>) {
    const room = discoveryRoom(tf, access);
    if (!socket.rooms.has(room)) {
      leaveDiscovery(socket);
      await socket.join(room);
    }
    const held: HeldDiscovery = { tf, access, checkedAt: deps.clock.now().getTime() };
    socket.data.discovery = held;
    const state = states.get(room);
    if (state)
      socket.emit(DISCOVERY_LIVE_EVENTS.patch, patchOf(tf, state.ts, [...state.rows.values()], [], true));
  }

  socketRoute(
    io,
    { event: DISCOVERY_LIVE_EVENTS.subscribe, schema: discoverySubscribeSchema, guard: deps.guard },
    async ({ socket, principal, body }) => {
      const access = discoveryAccess(principal.subscription);
      if (access === 'none') throw new SocketRefusalError('upgrade_required');
      await enter(socket, body.tf, access);
      return undefined;
    },
  );
  socketRoute(
    io,
    { event: DISCOVERY_LIVE_EVENTS.unsubscribe, schema: versionOnlySchema, guard: connectedSocket },
    async ({ socket }) => {
      leaveDiscovery(socket);
      return undefined;
    },
  );

  // Skipped while the previous tick still runs: a slow engine never piles ticks up.
  const timer =
    intervalMs === null
      ? null
      : setInterval(() => void (running ? null : tick().catch(() => {})), intervalMs);
  timer?.unref();

  return {
    tick,
    totals,
    stop() {
      if (timer) clearInterval(timer);
    },
  };
}

/**
 * Live mode on an API node: the plan read as the data host's token reads it (a subscriber's
 * `discoveryAccess`, 'none' otherwise), stopped with the server.
 */
export function discoveryLiveModule(
  http: FastifyInstance,
  io: Server,
  ctx: Pick<AppContext, 'clock' | 'log'>,
  guards: Pick<Guards, 'forUserId' | 'socket'>,
  engine: Pick<EngineSource, 'query'>,
): DiscoveryLive {
  const live = startDiscoveryLive(io, engine, {
    guard: guards.socket.tier('pro'),
    access: (userId) =>
      guards.forUserId(userId, { subscriber: true }).then(
        (principal) => discoveryAccess(principal.subscription),
        (): DiscoveryAccess => 'none',
      ),
    clock: ctx.clock,
    log: ctx.log,
  });
  http.addHook('onClose', async () => live.stop());
  return live;
}
