import { expect } from 'vitest';
import { ConfigError, loadConfig } from '../platform/config.ts';

// Shared by the config tests (platform/config*.test.ts).

/** loadConfig throws a ConfigError with a line that starts with the variable's name. */
export function expectRefusalNaming(env: Record<string, string>, variable: string): void {
  let error: unknown;
  try {
    loadConfig(env);
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(ConfigError);
  expect((error as Error).message).toMatch(new RegExp(`^\\s+${variable}: `, 'm'));
}
