import { describe, expect, it } from 'vitest';
import { createManualClock } from '../test/manualClock.ts';
import { systemClock } from './clock.ts';

describe('the manual clock', () => {
  it('stands still until moved, then runs what fell due in time order, each at its own time', () => {
    const clock = createManualClock(1_000);
    const ran: [string, number][] = [];
    clock.setTimeout(() => ran.push(['b', clock.now()]), 20);
    clock.setTimeout(() => ran.push(['a', clock.now()]), 10);
    clock.setTimeout(() => ran.push(['late', clock.now()]), 100);
    expect(clock.now()).toBe(1_000);
    clock.advance(50);
    expect(ran).toEqual([
      ['a', 1_010],
      ['b', 1_020],
    ]);
    expect(clock.now()).toBe(1_050);
    expect(clock.pending()).toBe(1);
  });

  it('runs an interval each time it falls due, once per move, in its phase, until cancelled', () => {
    const clock = createManualClock(0);
    const at: number[] = [];
    const timer = clock.setInterval(() => at.push(clock.now()), 30);
    clock.advance(30);
    clock.advance(30);
    expect(at).toEqual([30, 60]);
    // A long move is a stalled event loop: the interval runs once, then keeps its phase.
    clock.advance(1_000);
    expect(at).toEqual([30, 60, 90]);
    clock.advance(20);
    expect(at).toEqual([30, 60, 90, 1_080]);
    timer.cancel();
    clock.advance(100);
    expect(at).toEqual([30, 60, 90, 1_080]);
    expect(clock.pending()).toBe(0);
  });

  it('runs a timer set by a timer within the same move when it falls due inside it', () => {
    const clock = createManualClock(0);
    const at: number[] = [];
    clock.setTimeout(() => clock.setTimeout(() => at.push(clock.now()), 5), 5);
    clock.advance(10);
    expect(at).toEqual([10]);
  });

  it('moves itself for a sleep, running what falls due, and records the wait', async () => {
    const clock = createManualClock(0);
    const ran: number[] = [];
    clock.setTimeout(() => ran.push(clock.now()), 300);
    await clock.sleep(500);
    expect(clock.now()).toBe(500);
    expect(ran).toEqual([300]);
    expect(clock.sleeps).toEqual([500]);
  });

  it('defers to the end of the turn, whatever the time', async () => {
    const clock = createManualClock(0);
    const order: string[] = [];
    clock.defer(() => order.push('deferred'));
    order.push('now');
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['now', 'deferred']);
  });
});

describe('a clock scope', () => {
  it('cancels every timer, sleep and defer it started when disposed, and starts none after', async () => {
    const clock = createManualClock(0);
    const scope = clock.scope();
    const ran: string[] = [];
    scope.setTimeout(() => ran.push('timeout'), 10);
    scope.setInterval(() => ran.push('interval'), 10);
    scope.defer(() => ran.push('defer'));
    const outside = clock.setTimeout(() => ran.push('outside'), 10);
    scope.dispose();
    scope.setTimeout(() => ran.push('after'), 1);
    clock.advance(50);
    await new Promise((resolve) => setImmediate(resolve));
    expect(ran).toEqual(['outside']);
    expect(clock.pending()).toBe(0);
    outside.cancel();
  });

  it('leaves its parent running, and a disposed parent ends its children', () => {
    const clock = createManualClock(0);
    const parent = clock.scope();
    const child = parent.scope();
    const ran: string[] = [];
    child.setInterval(() => ran.push('child'), 10);
    parent.setInterval(() => ran.push('parent'), 10);
    clock.advance(10);
    expect(ran).toEqual(['child', 'parent']);
    parent.dispose();
    clock.advance(10);
    expect(ran).toEqual(['child', 'parent']);
  });

  it('forgets a timeout once it ran, so disposing later cancels nothing twice', () => {
    const clock = createManualClock(0);
    const scope = clock.scope();
    let runs = 0;
    scope.setTimeout(() => runs++, 5);
    clock.advance(5);
    scope.dispose();
    expect(runs).toBe(1);
  });
});

describe('the system clock', () => {
  it('answers epoch ms and runs and cancels real timers', async () => {
    const before = Date.now();
    expect(systemClock.now()).toBeGreaterThanOrEqual(before);
    let cancelledRan = false;
    systemClock
      .setTimeout(() => {
        cancelledRan = true;
      }, 1)
      .cancel();
    await new Promise<void>((resolve) => systemClock.setTimeout(resolve, 5));
    await systemClock.sleep(1);
    expect(cancelledRan).toBe(false);
  });

  it('ends a scope’s real interval on dispose', async () => {
    const scope = systemClock.scope();
    let ticks = 0;
    scope.setInterval(() => ticks++, 1);
    await systemClock.sleep(20);
    scope.dispose();
    const seen = ticks;
    await systemClock.sleep(20);
    expect(seen).toBeGreaterThan(0);
    expect(ticks).toBe(seen);
  });
});
