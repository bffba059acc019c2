import type { EngineState, FigureState } from '../engine/engineState.ts';
import { profileUVol, sessionSlot } from '../engine/metrics.ts';

// Unusual-volume events of the stream (dashboard spec §1 "plus halts and unusual-volume
// events"): a symbol's uVol of the day (Discovery's 1-day UVol, docs/metrics.md) crossing one of
// a few levels for the first time in the session. Each level is one event, so a symbol that runs
// from quiet to ten times its usual volume shows up five times in the day, each time louder, and
// a symbol that stays at 3× its usual volume shows up twice and then stays quiet.

/** uVol levels (%): 2×, 3×, 4×, 6× and 11× the usual volume of the day so far. */
export const UVOL_LEVELS: readonly number[] = [100, 200, 300, 500, 1000];

/**
 * Session volume below which a symbol makes no uVol event: at 04:05 a few hundred shares can be
 * 1000 % of the usual nothing.
 */
export const UVOL_MIN_VOLUME = 50_000;

/** How many levels `pct` reaches (0 for NaN or below the first). */
export function uVolLevel(pct: number): number {
  let n = 0;
  while (n < UVOL_LEVELS.length && pct >= (UVOL_LEVELS[n] as number)) n++;
  return n;
}

/**
 * The symbols among `ids` (the batch's touched list) whose uVol reached a new level at `now`,
 * each noted in the day's uv columns (level reached, time of the print, uVol then); in time
 * order. Runs once per drain over the symbols that printed, one profile sum each, and none for a
 * symbol under the volume floor or past the top level.
 */
export function unusualVolume(
  e: FigureState & Pick<EngineState, 'profile' | 'session'>,
  ids: Int32Array,
  n: number,
  now: number,
): number[] {
  const d = e.day;
  const found: number[] = [];
  let slot = -1;
  for (let k = 0; k < n; k++) {
    const id = ids[k] as number;
    const reached = d.uvLevel[id] as number;
    if (reached >= UVOL_LEVELS.length || (d.volume[id] as number) < UVOL_MIN_VOLUME) continue;
    if (slot < 0) slot = sessionSlot(e.session, now);
    const pct = profileUVol(e, id, 0, slot);
    const level = uVolLevel(pct);
    if (level <= reached) continue;
    d.uvLevel[id] = level;
    d.uvPct[id] = pct;
    d.uvTs[id] = d.lastTs[id] as number;
    found.push(id);
  }
  return found.sort((a, b) => (d.uvTs[a] as number) - (d.uvTs[b] as number) || a - b);
}
