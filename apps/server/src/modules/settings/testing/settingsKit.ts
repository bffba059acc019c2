import { type SettingsResponse, settingsResponseSchema } from '@tapeline/core';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/testApp.ts';

/** GET /api/settings as the token's user: 200 and the contract's shape, or the test fails. */
export async function settingsOf(app: TestApp, token: string): Promise<SettingsResponse> {
  const res = await app.call('GET', '/api/settings', { token });
  expect(res.status).toBe(200);
  return settingsResponseSchema.parse(res.body);
}
