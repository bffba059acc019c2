import type { EngineQuery, EngineStatus } from './protocol.ts';

/**
 * What the data host needs from an engine, wherever it runs: the engine thread of this process
 * (`EngineHost`) or an engine process reached over the bus (`RemoteEngine`).
 */
export interface EngineSource {
  /** The engine's last known status; null while no engine is known to be running. */
  readonly status: EngineStatus | null;
  /** The answer as JSON text, serialized once by the engine. */
  query(query: EngineQuery, timeoutMs?: number): Promise<string>;
}

/**
 * No engine answered: none is running, it stopped, or it is too busy. The data host answers 503
 * for it; any other query failure is a bug and stays a 500.
 */
export class EngineUnavailableError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'EngineUnavailableError';
  }
}
