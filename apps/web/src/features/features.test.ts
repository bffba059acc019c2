import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The feature graph (apps/web/CONTEXT.md): which feature's code imports which other feature. The lint
// fence (biome.json) keeps each edge on the other feature's index.ts; this keeps the graph acyclic, so
// every feature can be read, tested and loaded standing only on those below it. Tests are leaves:
// a test may render a feature together with the features that use it, so its imports are not edges.

const featuresDir = import.meta.dirname;
const features = readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

function sourceFiles(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[])
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(dir, file));
}

/** The specifiers a file imports: static, re-exported and lazily loaded. */
function specifiers(source: string): string[] {
  const found = source.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^import\s+)(['"])([^'"]+)\1/gm);
  return [...found].map((match) => match[2] as string);
}

function featureGraph(): Map<string, Set<string>> {
  const graph = new Map(features.map((feature) => [feature, new Set<string>()]));
  for (const feature of features) {
    for (const file of sourceFiles(path.join(featuresDir, feature))) {
      for (const spec of specifiers(readFileSync(file, 'utf8'))) {
        if (!spec.startsWith('.')) continue;
        const target = path.relative(featuresDir, path.resolve(path.dirname(file), spec)).split(path.sep)[0];
        if (target && target !== feature && graph.has(target)) graph.get(feature)?.add(target);
      }
    }
  }
  return graph;
}

/** Every cycle's path, e.g. ['alerts', 'notifications', 'alerts'], found by depth-first search. */
function cycles(graph: Map<string, Set<string>>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    trail.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') found.push([...trail.slice(trail.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    trail.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return found;
}

describe('features', () => {
  it('each has an index.ts, its public surface', () => {
    expect(features.filter((feature) => !existsSync(path.join(featuresDir, feature, 'index.ts')))).toEqual(
      [],
    );
  });

  it('import each other without a cycle', () => {
    const graph = featureGraph();
    // The graph is not empty: the search would find nothing in a graph the parser failed to build.
    expect(graph.get('dashboard')).toContain('chat');
    expect(cycles(graph).map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(cycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
  });
});
