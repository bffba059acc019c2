import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Bus, BusPayload } from './bus.ts';
import { createMemoryBus } from './memoryBus.ts';
import { createRedisBus } from './redisBus.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

function nextMessage(bus: Bus, topic: string): Promise<BusPayload> {
  return new Promise((resolve) => {
    void bus.subscribe(topic, resolve);
  });
}

const kinds: [string, () => Bus][] = [
  ['memory', () => createMemoryBus()],
  ['redis', () => createRedisBus(REDIS_URL, `tapeline-test-${randomBytes(4).toString('hex')}:`)],
];

describe.each(kinds)('%s bus', (_kind, make) => {
  it('delivers a published payload to every subscriber of the topic, and only that topic', async () => {
    const bus = make();
    const a: string[] = [];
    const b: string[] = [];
    const other: string[] = [];
    await bus.subscribe('stream', (p) => a.push(p.toString()));
    await bus.subscribe('stream', (p) => b.push(p.toString()));
    await bus.subscribe('chat:1', (p) => other.push(p.toString()));
    const done = nextMessage(bus, 'stream');
    await bus.publish('stream', '{"highs":[]}');
    await done;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(a).toEqual(['{"highs":[]}']);
    expect(b).toEqual(['{"highs":[]}']);
    expect(other).toEqual([]);
    await bus.close();
  });

  it('passes bytes through unchanged', async () => {
    const bus = make();
    const bytes = Buffer.from([0, 255, 1, 254, 128]);
    const received = nextMessage(bus, 'bin');
    await new Promise((resolve) => setTimeout(resolve, 20));
    await bus.publish('bin', bytes);
    expect(Buffer.compare(Buffer.from(await received), bytes)).toBe(0);
    await bus.close();
  });

  it('stops delivering after unsubscribe, and a throwing handler does not starve the others', async () => {
    const bus = make();
    const seen: string[] = [];
    const off = await bus.subscribe('t', (p) => seen.push(`x${p.toString()}`));
    await bus.subscribe('t', () => {
      throw new Error('faulty subscriber');
    });
    const first = nextMessage(bus, 't');
    await bus.publish('t', '1');
    await first;
    await off();
    const second = nextMessage(bus, 't');
    await bus.publish('t', '2');
    await second;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen).toEqual(['x1']);
    await bus.close();
  });
});

describe('redis bus across two connections', () => {
  it('carries a message from one node to another, as two server nodes would', async () => {
    const prefix = `tapeline-test-${randomBytes(4).toString('hex')}:`;
    const nodeA = createRedisBus(REDIS_URL, prefix);
    const nodeB = createRedisBus(REDIS_URL, prefix);
    const received = nextMessage(nodeB, 'stream');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await nodeA.publish('stream', 'batch-1');
    expect((await received).toString()).toBe('batch-1');
    await Promise.all([nodeA.close(), nodeB.close()]);
  });
});
