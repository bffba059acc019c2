import type { Bus, BusHandler } from './bus.ts';

export function createMemoryBus(): Bus {
  const topics = new Map<string, Set<BusHandler>>();
  return {
    kind: 'memory',
    async publish(topic, payload) {
      const handlers = topics.get(topic);
      if (!handlers) return;
      for (const handler of handlers) {
        try {
          handler(payload);
        } catch {
          // One faulty subscriber must not stop delivery to the others.
        }
      }
    },
    async subscribe(topic, handler) {
      let handlers = topics.get(topic);
      if (!handlers) {
        handlers = new Set();
        topics.set(topic, handlers);
      }
      handlers.add(handler);
      return async () => {
        handlers.delete(handler);
        if (handlers.size === 0) topics.delete(topic);
      };
    },
    async close() {
      topics.clear();
    },
  };
}
