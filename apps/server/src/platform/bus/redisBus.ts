import { Redis } from 'ioredis';
import { closeRedis, createRedisWatch, type RedisWatch } from '../redisWatch.ts';
import type { Bus, BusHandler } from './bus.ts';

/**
 * Redis pub/sub. A subscribing connection can do nothing else, so it is a second client;
 * payloads travel as binary-safe buffers. Both connections are watched (`watch`): a Redis
 * outage fails publishes (their callers log them) and never ends the process; ioredis
 * reconnects and subscribes to every topic again by itself.
 */
export function createRedisBus(
  url: string,
  prefix = 'tapeline:bus:',
  watch: RedisWatch = createRedisWatch({ warn: () => {}, info: () => {} }),
): Bus {
  const publisher = watch.add('bus publisher', new Redis(url, { maxRetriesPerRequest: 2 }));
  const subscriber = watch.add('bus subscriber', new Redis(url, { maxRetriesPerRequest: null }));
  const topics = new Map<string, Set<BusHandler>>();

  subscriber.on('messageBuffer', (channel: Buffer, message: Buffer) => {
    const topic = channel.toString().slice(prefix.length);
    for (const handler of topics.get(topic) ?? []) {
      try {
        handler(message);
      } catch {
        // Isolate subscribers from each other, as the memory bus does.
      }
    }
  });

  return {
    kind: 'redis',
    async publish(topic, payload) {
      await publisher.publish(prefix + topic, payload);
    },
    async subscribe(topic, handler) {
      let handlers = topics.get(topic);
      if (!handlers) {
        handlers = new Set();
        topics.set(topic, handlers);
        await subscriber.subscribe(prefix + topic);
      }
      handlers.add(handler);
      return async () => {
        handlers.delete(handler);
        if (handlers.size === 0) {
          topics.delete(topic);
          await subscriber.unsubscribe(prefix + topic);
        }
      };
    },
    async close() {
      topics.clear();
      await Promise.allSettled([closeRedis(publisher), closeRedis(subscriber)]);
    },
  };
}
