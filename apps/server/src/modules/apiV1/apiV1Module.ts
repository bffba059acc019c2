import { API_V1_PREFIX, WS_V1_PATH } from '@tapeline/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { Guards } from '../../platform/http/guards.ts';
import { type ApiKeyDeps, createApiKeyDeps } from '../apiKeys/deps.ts';
import { createKeyAuth, type KeyAuth } from '../apiKeys/keyAuth.ts';
import { apiKeyRoutes } from '../apiKeys/routes.ts';
import type { EngineSource } from '../market/engine/source.ts';
import { discoveryRowsJson, filteredDiscoveryRows } from './discoveryRows.ts';
import { createKeyGuards, type KeyGuards } from './keyGuards.ts';
import { me } from './me.ts';
import { recentStream } from './recentStream.ts';
import { serveApiDocs } from './reference/docsRoutes.ts';
import { createV1Routes, installV1Hooks, type V1Routes } from './v1Routes.ts';

export interface ApiV1 {
  keys: ApiKeyDeps;
  keyAuth: KeyAuth;
  keyGuards: KeyGuards;
  /** Handed to the modules that declare their v1 operations beside their browser routes. */
  v1: V1Routes;
}

/**
 * The traders' API (docs/api.md), first part: the profile's key routes, the v1 hooks (keys in
 * URLs refused, RateLimit-* headers), the key guards, the documents and the reference page.
 * Modules then declare their operations on `v1`; `serveMarketReads` adds the engine's.
 */
export function startApiV1(http: FastifyInstance, ctx: AppContext, guards: Guards): ApiV1 {
  const keys = createApiKeyDeps(ctx);
  const keyAuth = createKeyAuth({ keys: keys.keys, clock: ctx.clock, log: ctx.log });
  const keyGuards = createKeyGuards(keyAuth, guards, ctx.limiter);
  installV1Hooks(http, [API_V1_PREFIX, WS_V1_PATH]);
  apiKeyRoutes(http, keys, guards);
  const v1 = createV1Routes(http, keyGuards);
  v1.route('getMe', async ({ principal }) => me(principal));
  serveApiDocs(http);
  return { keys, keyAuth, keyGuards, v1 };
}

/** Discovery and the recent stream: the data host's engine queries, for a key. */
export function serveMarketReads(v1: V1Routes, engine: EngineSource): void {
  v1.route('getDiscovery', async ({ principal, params, reply }) =>
    reply.type('application/json').send(await discoveryRowsJson(engine, principal, params.tf)),
  );
  v1.route('filterDiscovery', async ({ principal, params, body }) =>
    filteredDiscoveryRows(engine, principal, params.tf, body),
  );
  v1.route('getRecentStream', async ({ principal, query }) => recentStream(engine, principal, query));
}
