import { API_KEY_SCOPES, type ApiKeyScope, type CreatedApiKey } from '@tapeline/core';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/testApp.ts';

/** A key made the way the profile's API tab makes it (POST /api/api_keys with the session). */
export async function createKey(
  app: TestApp,
  token: string,
  scopes: readonly ApiKeyScope[] = API_KEY_SCOPES,
  name = 'bot',
): Promise<CreatedApiKey> {
  const res = await app.call<CreatedApiKey>('POST', '/api/api_keys', { token, body: { name, scopes } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
