import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { EngineSnapshot } from '@tapeline/market';

/**
 * The engine's intraday state on disk. Written to a temporary file and renamed, so a crash
 * mid-write leaves the previous checkpoint intact; v8's format keeps typed arrays compact.
 * One writer at a time: a save that overlaps another (the interval's beside a stop's or a
 * query's) waits for it, so the last one asked for is the one left on disk, and each save's
 * temporary file has a name of its own (another process on the same DATA_DIR: a standby).
 */
export function createCheckpointStore(file: string) {
  let writing: Promise<void> = Promise.resolve();
  const write = async (snapshot: EngineSnapshot): Promise<void> => {
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${randomUUID()}.tmp`;
    try {
      await writeFile(tmp, serialize(snapshot));
      await rename(tmp, file);
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
  };
  return {
    file,
    save(snapshot: EngineSnapshot): Promise<void> {
      const saved = writing.then(() => write(snapshot));
      // The queue goes on after a failed save; the caller still hears the failure.
      writing = saved.catch(() => undefined);
      return saved;
    },
    async load(): Promise<EngineSnapshot | null> {
      try {
        return deserialize(await readFile(file)) as EngineSnapshot;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        // A corrupt checkpoint is no reason not to start: the engine begins the day empty.
        return null;
      }
    },
  };
}

export type CheckpointStore = ReturnType<typeof createCheckpointStore>;
