import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT } from '../test/serverProcess.ts';
import { envVariables } from './config.ts';
import { envExample } from './envExample.ts';

// deploy/ is not built or run here (no container runtime on this machine, docs/operations.md):
// what can be checked without one is checked here.

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');
const schemaVariables = new Set(envVariables().map((v) => v.name));

interface ComposeService {
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
}

describe('deploy/.env.example and the README', () => {
  it('.env.example is what npm run env:example writes from the schema and the README table', () => {
    // Fails naming a variable the README table lacks, or when the file is stale.
    expect(read('deploy/.env.example')).toBe(envExample(read('README.md')));
  });

  it('lists every schema variable', () => {
    const listed = [...read('deploy/.env.example').matchAll(/^#([A-Z0-9_]+)=/gm)].map((m) => m[1]);
    expect(listed).toEqual([...schemaVariables]);
  });

  it('fails naming a variable the README does not describe', () => {
    expect(() =>
      envExample(read('README.md').replace('| `METRICS_TOKEN` |', '| `SOMETHING_ELSE` |')),
    ).toThrow(/METRICS_TOKEN/);
  });
});

describe.each(['deploy/compose.yaml', 'deploy/compose.scale.yaml'])('%s', (file) => {
  const text = read(file);
  const compose = parse(text, { merge: true }) as { services: Record<string, ComposeService> };

  it('parses, and interpolates only variables the configuration schema knows', () => {
    expect(Object.keys(compose.services).length).toBeGreaterThan(0);
    const interpolated = [...text.matchAll(/\$\{([A-Z0-9_]+)/g)].map((m) => m[1] as string);
    expect(interpolated.length).toBeGreaterThan(0);
    expect(interpolated.filter((name) => !schemaVariables.has(name))).toEqual([]);
  });

  it("sets only schema variables on Tapeline's services, which run the image's start command", () => {
    const dockerCmd = /^CMD (\[.*\])$/m.exec(read('deploy/Dockerfile'))?.[1];
    const startProd = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts[
      'start:prod'
    ];
    // The image runs what `npm run start:prod` runs (productionBuild.test.ts starts and stops it).
    expect(JSON.parse(dockerCmd ?? '[]').join(' ')).toBe(startProd?.replace(/^exec /, ''));
    const ours = Object.entries(compose.services).filter(([, s]) => s.image === 'tapeline:latest');
    expect(ours.length).toBeGreaterThan(0);
    for (const [name, service] of ours) {
      const unknown = Object.keys(service.environment ?? {}).filter((key) => !schemaVariables.has(key));
      expect(unknown, name).toEqual([]);
      if (service.command)
        expect(service.command.join(' ')).toContain(JSON.parse(dockerCmd ?? '[]').join(' '));
    }
  });
});

describe('deploy/Dockerfile', () => {
  const dockerfile = read('deploy/Dockerfile');
  it('runs as a non-root user under tini, checks readiness and keeps data in a volume', () => {
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^ENTRYPOINT \["\/usr\/bin\/tini", "--"\]$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK [^\n]*\n[^\n]*\/api\/health\/ready/m);
    expect(dockerfile).toMatch(/^VOLUME \["\/data"\]$/m);
    // The runtime stage installs production dependencies only.
    expect(dockerfile).toContain('npm ci --omit=dev');
  });
});
