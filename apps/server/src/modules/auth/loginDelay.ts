/** Failures an account may take (in the limiter's window) before attempts on it slow down. */
export const FREE_FAILURES = 10;
export const DELAY_STEP_MS = 25;
export const MAX_DELAY_MS = 2000;

/**
 * How long every login attempt on an account waits, given its recent failures from anywhere:
 * nothing for a few typos, then 25 ms more per failure up to 2 s. A distributed guesser gets
 * slow; the owner, even from a new address, only waits a moment.
 */
export function loginDelayMs(failures: number): number {
  return Math.min(MAX_DELAY_MS, Math.max(0, failures - FREE_FAILURES) * DELAY_STEP_MS);
}
