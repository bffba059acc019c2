import {
  apiKeyListSchema,
  type CreateApiKeyRequest,
  createdApiKeySchema,
  successAnswerSchema,
} from '@tapeline/core';
import { api } from '../../lib/authApi.ts';

/** The profile's API tab: the user's personal keys (docs/api.md). */
export const apiKeysApi = {
  list: () => api.request('GET', '/api/api_keys', apiKeyListSchema),
  create: (body: CreateApiKeyRequest) => api.request('POST', '/api/api_keys', createdApiKeySchema, body),
  revoke: (id: string) =>
    api.request('DELETE', `/api/api_keys/${encodeURIComponent(id)}`, successAnswerSchema),
};

export const apiKeysKeys = { list: ['api_keys'] as const };
