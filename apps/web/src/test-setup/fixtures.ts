import { type ConfigResponse, configResponseSchema } from '@tapeline/core';
import { ok } from './fakeApi.ts';

/** GET /api/config as a server on the simulator without Google or icons answers it. */
export function configAnswer(overrides: Partial<ConfigResponse> = {}) {
  return ok(configResponseSchema, {
    google_client_id: null,
    billing: 'fake',
    simulated: true,
    symbolIconUrl: null,
    ...overrides,
  });
}
