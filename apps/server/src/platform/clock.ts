/** Time is injected so that expiry rules can be tested without waiting. */
export interface Clock {
  now(): Date;
  /** Waits (a login's progressive delay); a test clock moves itself on instead of waiting. */
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => new Date(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
