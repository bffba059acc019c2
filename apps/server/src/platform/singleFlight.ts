/**
 * One lookup in flight per key: callers that ask while it runs share its promise instead of
 * starting their own (no stampede of identical database reads or engine queries).
 */
export function singleFlight<K, V>(load: (key: K) => Promise<V>): (key: K) => Promise<V> {
  const running = new Map<K, Promise<V>>();
  return (key) => {
    const current = running.get(key);
    if (current) return current;
    const started = load(key).finally(() => running.delete(key));
    running.set(key, started);
    return started;
  };
}

/**
 * A single-flight lookup whose answer is reused for `ttlMs` on the injected clock; a failure is
 * not kept. `forget(key)` drops an answer this node knows to be stale (a ban it just wrote).
 * Entries are swept when the map grows, so memory follows active keys only.
 */
export function cachedSingleFlight<K, V>(
  load: (key: K) => Promise<V>,
  ttlMs: number,
  now: () => number,
): { get(key: K): Promise<V>; forget(key: K): void } {
  const kept = new Map<K, { value: V; at: number }>();
  const generation = new Map<K, number>();
  const shared = singleFlight(async (key: K) => {
    const before = generation.get(key) ?? 0;
    const value = await load(key);
    // A forget() while this read ran: the answer may predate the change, so it is not kept.
    if ((generation.get(key) ?? 0) === before) kept.set(key, { value, at: now() });
    return value;
  });
  return {
    get(key) {
      const at = now();
      const hit = kept.get(key);
      if (hit && at - hit.at < ttlMs) return Promise.resolve(hit.value);
      if (kept.size > 10_000) for (const [k, v] of kept) if (at - v.at >= ttlMs) kept.delete(k);
      return shared(key);
    },
    forget(key) {
      kept.delete(key);
      generation.set(key, (generation.get(key) ?? 0) + 1);
    },
  };
}

/**
 * At most `limit` calls of one key run at once; the others wait their turn in order. What a
 * user's socket calls run through, so one user's burst holds at most `limit` database
 * connections however many calls it has queued.
 */
export function concurrencyLimit<K>(limit: number): <T>(key: K, run: () => Promise<T>) => Promise<T> {
  const lanes = new Map<K, { active: number; waiting: (() => void)[] }>();
  return async (key, run) => {
    let lane = lanes.get(key);
    if (!lane) {
      lane = { active: 0, waiting: [] };
      lanes.set(key, lane);
    }
    const own = lane;
    if (own.active >= limit) await new Promise<void>((resolve) => own.waiting.push(resolve));
    else own.active += 1;
    try {
      return await run();
    } finally {
      const next = own.waiting.shift();
      if (next) next();
      else {
        own.active -= 1;
        if (own.active === 0) lanes.delete(key);
      }
    }
  };
}
