import path from 'node:path';

/**
 * Run-time files next to the embedded database. `run/` is created 0700 so the socket is never
 * reachable by another OS user, even in the instant before its own mode is set.
 */
export const runDir = (dataDir: string) => path.join(dataDir, 'run');
export const adminSocketPath = (dataDir: string) => path.join(runDir(dataDir), 'admin.sock');
export const dataDirLockPath = (dataDir: string) => path.join(runDir(dataDir), 'pglite.lock');
