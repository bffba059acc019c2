import { daysFromYmd } from '../calendar/civil.ts';
import { latestSession, type SessionDay, sessionOfDay } from '../calendar/session.ts';
import type { EngineState, SessionControl } from '../engine/engineState.ts';
import type { Column } from '../state/columns.ts';
import { Interner } from '../state/symbols.ts';

// A checkpoint of the session state: plain data (strings, numbers and typed-array copies) that
// structuredClone and postMessage carry as is, and that the server can write as ArrayBuffers.
// It is keyed by the session date: restoring into another session would bring back yesterday's
// highs and make every print today look like a new low, or hide real new highs.

// 2: the symbol table's storyTs and the day's spark column; a version-1 checkpoint is not restored.
// 3: the day's unusual-volume columns (uvLevel, uvTs, uvPct); a version-2 checkpoint is not restored.
export const SNAPSHOT_VERSION = 3;

export interface EngineSnapshot {
  readonly version: number;
  /** yyyymmdd of the session the state belongs to. */
  readonly sessionDate: number;
  /** Engine clock when taken. */
  readonly takenAt: number;
  readonly barHistory: number;
  readonly symbols: readonly string[];
  readonly names: readonly string[];
  readonly exchanges: readonly string[];
  readonly reasons: readonly string[];
  /** Per-symbol columns, named group.column, each holding exactly symbols.length rows. */
  readonly columns: Readonly<Record<string, Column>>;
}

export type RestoreResult =
  | { readonly ok: true; readonly symbols: number }
  | { readonly ok: false; readonly reason: string };

function groups(e: EngineState) {
  return [
    ['table', e.table.cols],
    ['day', e.day.cols],
    ['bars', e.bars.cols],
    ['profile', e.profile.cols],
  ] as const;
}

export function takeSnapshot(e: EngineState & SessionControl): EngineSnapshot {
  const now = e.clock();
  e.advance(now);
  const n = e.table.count;
  const columns: Record<string, Column> = {};
  for (const [g, cols] of groups(e)) {
    for (const [name, col] of Object.entries(cols.copyOut(n))) columns[`${g}.${name}`] = col;
  }
  return {
    version: SNAPSHOT_VERSION,
    sessionDate: e.session.date,
    takenAt: now,
    barHistory: e.bars.history,
    symbols: e.table.symbols.slice(),
    names: e.table.names.slice(),
    exchanges: e.table.exchanges.values.slice(),
    reasons: e.reasons.values.slice(),
    columns,
  };
}

function groupData(snap: EngineSnapshot, g: string): Record<string, Column> {
  const out: Record<string, Column> = {};
  const prefix = `${g}.`;
  for (const [k, v] of Object.entries(snap.columns))
    if (k.startsWith(prefix)) out[k.slice(prefix.length)] = v;
  return out;
}

/** A snapshot of an earlier session is continued from if it is at most this many days old. */
export const CONTINUE_MAX_DAYS = 30;

/**
 * Replaces the engine's state with a snapshot of the current session. Refused, with nothing
 * changed, when the snapshot belongs to another session date (a stale checkpoint), was taken
 * with another bar history length, or is malformed.
 */
export function restoreSnapshot(e: EngineState & SessionControl, snap: EngineSnapshot): RestoreResult {
  if (snap.version !== SNAPSHOT_VERSION) return { ok: false, reason: `snapshot version ${snap.version}` };
  const current = latestSession(e.clock());
  if (snap.sessionDate !== current.date) {
    return {
      ok: false,
      reason: `snapshot of session ${snap.sessionDate}, current session is ${current.date}`,
    };
  }
  return copyIn(e, snap, current);
}

/**
 * A new day's start from the last checkpoint of an earlier session (docs/metrics.md "History
 * across days"): the snapshot is copied in as of its own session, then the engine rolls to the
 * current one exactly as a running engine does at 04:00 (regular close → prior close, the volume
 * profile folded, the day reset). Completed bars and indicator state carry over, and the forming
 * bars are committed by the next print as they would have been. Refused, with nothing changed,
 * for today's snapshot (restoreSnapshot's), one older than CONTINUE_MAX_DAYS, another version or
 * a malformed one.
 */
export function continueSnapshot(e: EngineState & SessionControl, snap: EngineSnapshot): RestoreResult {
  if (snap.version !== SNAPSHOT_VERSION) return { ok: false, reason: `snapshot version ${snap.version}` };
  const current = latestSession(e.clock());
  const taken = sessionOfDay(daysFromYmd(snap.sessionDate));
  if (!taken || snap.sessionDate >= current.date) {
    return { ok: false, reason: `snapshot of session ${snap.sessionDate} is not before ${current.date}` };
  }
  if (daysFromYmd(current.date) - daysFromYmd(snap.sessionDate) > CONTINUE_MAX_DAYS) {
    return {
      ok: false,
      reason: `snapshot of session ${snap.sessionDate} is older than ${CONTINUE_MAX_DAYS} days`,
    };
  }
  const copied = copyIn(e, snap, taken);
  if (copied.ok) e.advance(e.clock());
  return copied;
}

/** Copies a checked snapshot in as the state of `session`; nothing changes when it is malformed. */
function copyIn(e: EngineState & SessionControl, snap: EngineSnapshot, session: SessionDay): RestoreResult {
  if (snap.barHistory !== e.bars.history) return { ok: false, reason: 'bar history length differs' };
  const n = snap.symbols.length;
  if (snap.names.length !== n || new Set(snap.symbols).size !== n)
    return { ok: false, reason: 'symbol list malformed' };
  for (const [g, cols] of groups(e)) {
    if (!cols.accepts(groupData(snap, g), n)) return { ok: false, reason: `columns of ${g} malformed` };
  }
  e.reserve(n);
  for (const [g, cols] of groups(e)) cols.copyIn(groupData(snap, g), n);
  e.table.reset(snap.symbols, snap.names, snap.exchanges);
  e.reasons = Interner.from(snap.reasons.slice(1));
  e.queue.clear();
  e.setSession(session);
  return { ok: true, symbols: n };
}
