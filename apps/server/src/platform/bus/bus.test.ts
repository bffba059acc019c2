import { randomBytes } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Bus, BusPayload } from './bus.ts';
import { createMemoryBus } from './memoryBus.ts';
import { createRedisBus } from './redisBus.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Subscribes, and returns once Redis confirmed it, so nothing published next is missed. */
async function nextMessage(bus: Bus, topic: string): Promise<{ message: Promise<BusPayload> }> {
  let deliver: (payload: BusPayload) => void = () => {};
  const message = new Promise<BusPayload>((resolve) => {
    deliver = resolve;
  });
  await bus.subscribe(topic, (payload) => deliver(payload));
  return { message };
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
    const { message: done } = await nextMessage(bus, 'stream');
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
    const { message: received } = await nextMessage(bus, 'bin');
    await bus.publish('bin', bytes);
    expect(Buffer.compare(Buffer.from(await received), bytes)).toBe(0);
    await bus.close();
  });

  it('carries a deflated stream batch larger than a socket read intact, in order', async () => {
    const bus = make();
    // Random symbols keep the deflated size above 100 KB, so Redis delivers it over several reads.
    const batch = (n: number) =>
      JSON.stringify({
        ts: n,
        highs: Array.from({ length: 10_000 }, (_, i) => [randomBytes(6).toString('hex'), i / 7, n]),
        lows: [],
        halts: [],
      });
    const sent = [batch(1), batch(2)];
    const received: Buffer[] = [];
    let resolveBoth = () => {};
    const both = new Promise<void>((resolve) => {
      resolveBoth = resolve;
    });
    // Resolves once Redis has confirmed the subscription, so nothing published below is missed.
    await bus.subscribe('stream', (payload) => {
      received.push(Buffer.from(payload));
      if (received.length === 2) resolveBoth();
    });
    const deflated = sent.map((json) => deflateRawSync(json));
    expect(deflated[0]?.length).toBeGreaterThan(65_536);
    for (const bytes of deflated) await bus.publish('stream', bytes);
    await both;
    expect(received.map((bytes) => inflateRawSync(bytes).toString())).toEqual(sent);
    await bus.close();
  });

  it('stops delivering after unsubscribe, and a throwing handler does not starve the others', async () => {
    const bus = make();
    const seen: string[] = [];
    const off = await bus.subscribe('t', (p) => seen.push(`x${p.toString()}`));
    await bus.subscribe('t', () => {
      throw new Error('faulty subscriber');
    });
    const { message: first } = await nextMessage(bus, 't');
    await bus.publish('t', '1');
    await first;
    await off();
    const { message: second } = await nextMessage(bus, 't');
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
    const { message: received } = await nextMessage(nodeB, 'stream');
    await nodeA.publish('stream', 'batch-1');
    expect((await received).toString()).toBe('batch-1');
    await Promise.all([nodeA.close(), nodeB.close()]);
  });
});
