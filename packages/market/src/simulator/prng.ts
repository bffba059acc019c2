// Seeded randomness for the simulator. mulberry32 is tiny, fast and good enough for synthetic
// prices; the state is one 32-bit integer held in a closure, so drawing a number allocates
// nothing and two generators with the same seed produce the same sequence on every platform.

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Standard normal (Box–Muller, the spare value kept for the next call). */
  normal(): number;
  /** Integer in [0, n). */
  int(n: number): number;
  /** Exponential with mean 1. */
  exp(): number;
}

export function createRng(seed: number): Rng {
  // State in typed arrays, not closure variables: V8 boxes a double stored in a closure slot,
  // which would allocate on every draw.
  const a = new Int32Array(1);
  a[0] = seed >>> 0 || 0x9e3779b9;
  const spare = new Float64Array(1);
  let hasSpare = false;
  const next = (): number => {
    const s = ((a[0] as number) + 0x6d2b79f5) | 0;
    a[0] = s;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    normal(): number {
      if (hasSpare) {
        hasSpare = false;
        return spare[0] as number;
      }
      // 1 − u keeps the logarithm finite.
      const r = Math.sqrt(-2 * Math.log(1 - next()));
      const theta = 2 * Math.PI * next();
      spare[0] = r * Math.sin(theta);
      hasSpare = true;
      return r * Math.cos(theta);
    },
    int: (n: number): number => Math.floor(next() * n),
    exp: (): number => -Math.log(1 - next()),
  };
}

/** Derives an independent seed for a sub-stream, so adding draws to one part never shifts another. */
export function subSeed(seed: number, stream: number): number {
  let h = (seed ^ Math.imul(stream + 1, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}
