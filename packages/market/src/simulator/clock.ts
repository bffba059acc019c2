import { nextSession, nyDay, sessionOfDay } from '../calendar/session.ts';

// The simulator's New York clock. Virtual time starts at an opening bell and runs SIM_SPEED times
// faster than the wall; the driver (server side) reads the wall, this stays pure.

/** 09:30 New York of the trading day containing ts, or of the next trading day when ts falls on a closed day. */
export function openingBell(ts: number): number {
  const today = sessionOfDay(nyDay(ts));
  return today ? today.open : nextSession(ts).open;
}

/** Virtual time for a wall instant: start + elapsed wall time × speed. */
export function virtualTime(startTs: number, wallStart: number, wallNow: number, speed: number): number {
  return startTs + (wallNow - wallStart) * speed;
}
