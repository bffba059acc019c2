import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { EngineSnapshot } from '@tapeline/market';

/**
 * The engine's intraday state on disk. Written to a temporary file and renamed, so a crash
 * mid-write leaves the previous checkpoint intact; v8's format keeps typed arrays compact.
 */
export function createCheckpointStore(file: string) {
  return {
    file,
    async save(snapshot: EngineSnapshot): Promise<void> {
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      await writeFile(tmp, serialize(snapshot));
      await rename(tmp, file);
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
