import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Diagnostic, lintProbes } from '../../../../scripts/lintProbes.ts';

// The server's clock fence (biome.json's plugin apps/server/lint/noWallClock.grit on modules/)
// proven to bite: the repo's own biome.json lints probe files laid out as in apps/server/src, in a
// scratch copy so the tree is untouched (scripts/lintProbes.ts, as the web's fence test).

const CLOCK = 'Modules take time and timers from the injected Clock';

const wall: Record<string, string> = {
  'dateNow.ts': 'export const at = Date.now();\n',
  'dateNowValue.ts': 'export const now: () => number = Date.now;\n',
  'newDate.ts': 'export const at = new Date();\n',
  'performance.ts': 'export const at = performance.now();\n',
  'timeout.ts': 'export const t = setTimeout(() => {}, 10);\nclearTimeout(t);\n',
  'interval.ts': 'export const t = setInterval(() => {}, 10);\nclearInterval(t);\n',
  'immediate.ts': 'export const t = setImmediate(() => {});\nclearImmediate(t);\n',
};
const probes: Record<string, string> = {
  ...Object.fromEntries(Object.entries(wall).map(([file, source]) => [`modules/probe/${file}`, source])),
  // The injected clock, and a Date made from its time or from data, are the way.
  'modules/probe/injected.ts':
    "import type { Clock } from '../../platform/clock.ts';\n\nexport function later(clock: Clock, iso: string) {\n  const timer = clock.setTimeout(() => {}, 10);\n  timer.cancel();\n  return [new Date(clock.now()), new Date(iso), Date.parse(iso)];\n}\n",
  // Tests and their kits, and platform/ (where the system clock lives), are outside the fence.
  'modules/probe/probe.test.ts': 'export const at = Date.now();\n',
  'modules/probe/testing/kit.ts': 'export const at = Date.now();\n',
  'platform/probe.ts': 'export const at = Date.now();\n',
};

let found: Diagnostic[] = [];
let dispose = () => {};

beforeAll(() => {
  ({ found, dispose } = lintProbes('apps/server/src', probes));
}, 30_000);

afterAll(() => dispose());

function fenceErrors(file: string): string[] {
  return found
    .filter((d) => d.location.path === `apps/server/src/${file}` && d.category === 'plugin')
    .map((d) => d.message);
}

describe('the server clock fence', () => {
  it.each(Object.keys(wall))('refuses the wall clock in a module: %s', (file) => {
    const errors = fenceErrors(`modules/probe/${file}`);
    expect(errors.length).toBeGreaterThan(0);
    for (const message of errors) expect(message).toContain(CLOCK);
  });

  it('counts each use: a timer and its clearing are two', () => {
    expect(fenceErrors('modules/probe/timeout.ts')).toHaveLength(2);
  });

  it('lets a module use the injected clock and make Dates from its time or from data', () => {
    expect(fenceErrors('modules/probe/injected.ts')).toEqual([]);
  });

  it('leaves tests, their kits and platform/ alone', () => {
    expect(fenceErrors('modules/probe/probe.test.ts')).toEqual([]);
    expect(fenceErrors('modules/probe/testing/kit.ts')).toEqual([]);
    expect(fenceErrors('platform/probe.ts')).toEqual([]);
  });
});
