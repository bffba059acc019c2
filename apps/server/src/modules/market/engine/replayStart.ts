import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

/**
 * The time of a replay file's first event: the engine's clock starts there, so the recorded
 * session is the one its prints belong to (and the one whose checkpoint is restored).
 */
export async function firstEventTime(file: string): Promise<number | null> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
  try {
    for await (const line of lines) {
      try {
        const ts = (JSON.parse(line) as { ts?: unknown }).ts;
        if (typeof ts === 'number' && Number.isFinite(ts)) return ts;
      } catch {
        // Malformed lines are skipped here as the replay skips them.
      }
    }
    return null;
  } catch {
    return null;
  } finally {
    lines.close();
  }
}
