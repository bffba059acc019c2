import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { VOICE_IDS, type VoiceClipKind, type VoiceId } from '@tapeline/core';
import { type Clock, systemClock } from '../../platform/clock.ts';

export interface ClipKey {
  voiceId: VoiceId;
  kind: VoiceClipKind;
  /** Already checked against the symbol pattern: letters, digits, one dot or dash. */
  symbol: string;
}

export interface CachedClip {
  bytes: Buffer;
  modified: Date;
}

export interface ClipCache {
  /** The clip on disk, or null when it was never rendered (or is older than `maxAgeMs`). */
  read(key: ClipKey, maxAgeMs?: number): Promise<CachedClip | null>;
  write(key: ClipKey, bytes: Uint8Array): Promise<CachedClip>;
  /** Where a clip lives: `<root>/<voiceId>/<n|s>/<SYMBOL>.mp3`. */
  file(key: ClipKey): string;
}

/** What a clip's file may be named after: a symbol (letter first), never `.` or `..`. */
const SAFE_NAME = /^[A-Z][A-Z0-9.-]{0,15}$/;

/**
 * Rendered clips under `DATA_DIR/voice/<voiceId>/<n|s>/<SYMBOL>.mp3`, owner-only like the rest of
 * DATA_DIR. A clip is written to a temporary name and renamed, so a reader never sees half a
 * file. `<root>/VERSION` names the voices the clips were made with: at the first use after the
 * voices change (RENDER_VERSION), the old clips are dropped and rendered again on demand.
 */
// A file's age is against the file system's own time (its mtime), so the system clock by default.
export function createClipCache(
  root: string,
  version: string,
  clock: Pick<Clock, 'now'> = systemClock,
): ClipCache {
  let ready: Promise<void> | null = null;
  const prepare = () => {
    ready ??= (async () => {
      await mkdir(root, { recursive: true, mode: 0o700 });
      const stamp = path.join(root, 'VERSION');
      const found = await readFile(stamp, 'utf8').catch(() => null);
      if (found?.trim() === version) return;
      for (const voiceId of VOICE_IDS) await rm(path.join(root, voiceId), { recursive: true, force: true });
      await writeFile(stamp, `${version}\n`, { mode: 0o600 });
    })().catch((error: unknown) => {
      ready = null;
      throw error;
    });
    return ready;
  };

  const file = ({ voiceId, kind, symbol }: ClipKey) => {
    // The route's schema already allows nothing else; this keeps a future caller from escaping.
    if (!VOICE_IDS.includes(voiceId) || (kind !== 'n' && kind !== 's') || !SAFE_NAME.test(symbol)) {
      throw new Error(`not a clip: ${voiceId}/${kind}/${symbol}`);
    }
    const target = path.join(root, voiceId, kind, `${symbol}.mp3`);
    if (path.dirname(path.dirname(path.dirname(target))) !== path.resolve(root)) {
      throw new Error(`not a clip: ${voiceId}/${kind}/${symbol}`);
    }
    return target;
  };

  return {
    file,
    async read(key, maxAgeMs) {
      const target = file(key);
      await prepare();
      try {
        const info = await stat(target);
        if (!info.isFile()) return null;
        if (maxAgeMs !== undefined && clock.now() - info.mtimeMs > maxAgeMs) return null;
        return { bytes: await readFile(target), modified: info.mtime };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async write(key, bytes) {
      const target = file(key);
      await prepare();
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await writeFile(temporary, bytes, { mode: 0o600 });
        await rename(temporary, target);
      } catch (error) {
        await unlink(temporary).catch(() => undefined);
        throw error;
      }
      const info = await stat(target);
      return { bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), modified: info.mtime };
    },
  };
}
