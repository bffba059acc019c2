import { spawnCli } from '../../test/serverProcess.ts';

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run cli -- …` as the operator runs it (the built entry point, no npm wrapper). */
export function runCli(args: string[], env: Record<string, string>): Promise<CliRun> {
  const proc = spawnCli(args, env);
  // 'close', not 'exit': by then all it wrote has been read.
  return new Promise((resolve) =>
    proc.child.once('close', (code) => resolve({ code, stdout: proc.stdout(), stderr: proc.stderr() })),
  );
}
