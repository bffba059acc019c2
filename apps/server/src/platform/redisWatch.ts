import type { Redis } from 'ioredis';
import type { Log } from './log.ts';

/**
 * Every Redis connection a process holds, watched (docs/continuity.md, "Redis goes away").
 * Each ioredis client is registered here: its errors are logged once per outage (without a
 * listener ioredis writes "Unhandled error event" on every refused reconnect), and
 * ioredis keeps reconnecting on its own (at most 2 s apart). `ready()` is the readiness signal
 * others read (chat refuses posts, a health route may answer 503); with no Redis configured
 * nothing is registered and it is always true.
 */
export interface RedisWatch {
  /** Registers a client (its errors handled, its state counted); returns it. */
  add<C extends Redis>(name: string, client: C): C;
  /** Every registered client is connected. */
  ready(): boolean;
  /** The names of the clients not connected now. */
  down(): string[];
  /** Called when `ready()` changes; returns the function that stops it. */
  onChange(listener: (ready: boolean) => void): () => void;
}

export function createRedisWatch(log: Pick<Log, 'warn' | 'info'>): RedisWatch {
  const clients = new Map<string, Redis>();
  const listeners = new Set<(ready: boolean) => void>();
  const ready = () => [...clients.values()].every((c) => c.status === 'ready');
  let last = true;
  let outage = false;
  const changed = () => {
    const now = ready();
    if (now === last) return;
    last = now;
    if (now && outage) {
      outage = false;
      log.info('redis connected again: every connection is back');
    }
    for (const listener of listeners) listener(now);
  };
  return {
    add(name, client) {
      clients.set(name, client);
      let failing = false;
      client.on('error', (error: Error) => {
        outage = true;
        if (failing) return;
        failing = true;
        log.warn({ redis: name, err: error.message }, 'redis connection failed; retrying');
      });
      client.on('ready', () => {
        failing = false;
        changed();
      });
      client.on('close', changed);
      client.on('end', changed);
      client.on('reconnecting', changed);
      changed();
      return client;
    },
    ready,
    down: () => [...clients].filter(([, c]) => c.status !== 'ready').map(([name]) => name),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * A client whose `methods` never reject: the socket.io Redis adapter sends PUBLISH, and its
 * UNSUBSCRIBEs on close, without a catch, and one that fails during an outage
 * (MaxRetriesPerRequestError, "Connection is closed") would otherwise be an unhandled rejection
 * that ends the process. What is published then is lost, as socket.io's adapter documents for an
 * outage; `onDrop` hears each failure.
 */
export function neverRejects<C extends Redis>(
  client: C,
  methods: readonly ('publish' | 'unsubscribe' | 'punsubscribe')[],
  onDrop: (error: Error) => void,
): C {
  const target = client as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const method of methods) {
    const call = (target[method] as (...args: unknown[]) => Promise<unknown>).bind(client);
    target[method] = (...args: unknown[]) =>
      call(...args).catch((error: Error) => {
        onDrop(error);
        return 0;
      });
  }
  return client;
}

/** QUIT when connected, else drop the connection: a QUIT queued during an outage never returns. */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status !== 'ready') {
    client.disconnect();
    return;
  }
  await client.quit().catch(() => client.disconnect());
}
