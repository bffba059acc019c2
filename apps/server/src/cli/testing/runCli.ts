import { spawn } from 'node:child_process';
import { REPO_ROOT } from '../../test/serverProcess.ts';

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run cli -- …` as the operator runs it (same entry point, no npm wrapper). */
export function runCli(args: string[], env: Record<string, string>): Promise<CliRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/cli.ts', ...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => {
    stdout += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}
