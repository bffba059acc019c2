import type { Redis } from 'ioredis';
import type { Log } from './log.ts';

/**
 * Every Redis connection a process holds, watched (docs/continuity.md, "Redis goes away").
 * An ioredis client with no 'error' listener ends the process on its first refused reconnect,
 * so each one is registered here: its errors are logged once per outage, never thrown, and
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
 * A client whose PUBLISH never rejects: the socket.io Redis adapter publishes without a catch,
 * and a publish that fails during an outage (MaxRetriesPerRequestError) would otherwise be an
 * unhandled rejection that ends the process. What is published then is lost, as socket.io's
 * adapter documents for an outage; `onDrop` counts it.
 */
export function publishNeverThrows<C extends Redis>(client: C, onDrop: (error: Error) => void): C {
  const publish = client.publish.bind(client) as (
    channel: string | Buffer,
    message: string | Buffer,
  ) => Promise<number>;
  (client as unknown as { publish: typeof publish }).publish = (channel, message) =>
    publish(channel, message).catch((error: Error) => {
      onDrop(error);
      return 0;
    });
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
