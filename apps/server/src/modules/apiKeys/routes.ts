import {
  apiKeyIdParamsSchema,
  apiKeyListSchema,
  apiKeyMessages,
  createApiKeyRequestSchema,
  createdApiKeySchema,
  successAnswerSchema,
} from '@tapeline/core';
import type { FastifyInstance } from 'fastify';
import type { Guards } from '../../platform/http/guards.ts';
import { route } from '../../platform/http/route.ts';
import { input } from '../../platform/http/validate.ts';
import { createApiKey } from './createApiKey.ts';
import type { ApiKeyDeps } from './deps.ts';
import { listApiKeys } from './listApiKeys.ts';
import { revokeApiKey } from './revokeApiKey.ts';

/** The profile's API tab (docs/api.md "Keys"): verified users list, create and revoke their keys. */
export function apiKeyRoutes(app: FastifyInstance, deps: ApiKeyDeps, guards: Guards): void {
  route(
    app,
    { method: 'GET', url: '/api/api_keys', guard: guards.verified, response: apiKeyListSchema },
    async ({ principal }) => listApiKeys(deps, principal),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/api_keys',
      guard: guards.verified,
      body: {
        schema: createApiKeyRequestSchema,
        code: 'invalid_content',
        message: (issue) =>
          issue?.path[0] === 'scopes' ? apiKeyMessages.scopesRequired : apiKeyMessages.nameRequired,
      },
      response: createdApiKeySchema,
    },
    async ({ principal, body, reply }) => reply.status(201).send(await createApiKey(deps, principal, body)),
  );
  route(
    app,
    {
      method: 'DELETE',
      url: '/api/api_keys/:id',
      guard: guards.verified,
      params: input(apiKeyIdParamsSchema),
      response: successAnswerSchema,
    },
    async ({ principal, params }) => revokeApiKey(deps, principal, params.id),
  );
}
