import { chmod, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataDirAccessWarning, secureDataDir } from './dataDir.ts';
import { loadOrCreateSecret } from './secrets.ts';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'tapeline-datadir-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

describe('secureDataDir (run at every start)', () => {
  it('creates a missing DATA_DIR owner-only', async () => {
    const dir = path.join(root, 'fresh', 'data');
    await secureDataDir(dir);
    expect(await modeOf(dir)).toBe(0o700);
  });

  it('takes group and world access away from an existing one, and from its secrets', async () => {
    const dir = path.join(root, 'loose');
    await mkdir(path.join(dir, 'secrets'), { recursive: true });
    await writeFile(path.join(dir, 'secrets', 'jwt_secret'), 'x'.repeat(64));
    await chmod(dir, 0o755);
    await chmod(path.join(dir, 'secrets'), 0o755);
    await chmod(path.join(dir, 'secrets', 'jwt_secret'), 0o644);

    await secureDataDir(dir);
    expect(await modeOf(dir)).toBe(0o700);
    expect(await modeOf(path.join(dir, 'secrets'))).toBe(0o700);
    expect(await modeOf(path.join(dir, 'secrets', 'jwt_secret'))).toBe(0o600);
  });
});

describe('loadOrCreateSecret', () => {
  it('writes a new secret 0600 in a 0700 directory', async () => {
    const dir = path.join(root, 'secret-new');
    const value = await loadOrCreateSecret(dir, 'jwt_secret');
    expect(value.length).toBeGreaterThanOrEqual(32);
    expect(await modeOf(path.join(dir, 'secrets'))).toBe(0o700);
    expect(await modeOf(path.join(dir, 'secrets', 'jwt_secret'))).toBe(0o600);
  });

  it('narrows a readable secret it finds to 0600 and keeps its value', async () => {
    const dir = path.join(root, 'secret-old');
    const first = await loadOrCreateSecret(dir, 'jwt_secret');
    await chmod(path.join(dir, 'secrets', 'jwt_secret'), 0o644);
    expect(await loadOrCreateSecret(dir, 'jwt_secret')).toBe(first);
    expect(await modeOf(path.join(dir, 'secrets', 'jwt_secret'))).toBe(0o600);
  });
});

describe('dataDirAccessWarning (the CLI)', () => {
  it.each([0o750, 0o705, 0o777])('warns about mode %o, naming the fix', async (mode) => {
    const dir = path.join(root, `mode-${mode.toString(8)}`);
    await mkdir(dir);
    await chmod(dir, mode);
    const warning = await dataDirAccessWarning(dir);
    expect(warning).toContain(`mode ${mode.toString(8)}`);
    expect(warning).toContain(`chmod 700 ${dir}`);
  });

  it('says nothing about an owner-only or missing directory', async () => {
    const dir = path.join(root, 'tight');
    await mkdir(dir, { mode: 0o700 });
    expect(await dataDirAccessWarning(dir)).toBeNull();
    expect(await dataDirAccessWarning(path.join(root, 'absent'))).toBeNull();
  });
});
