import {
  saveConfigRequestSchema,
  saveDiscoveryRequestSchema,
  saveLayoutRequestSchema,
  serverMessages,
  validateSymbolsRequestSchema,
} from '@tapeline/core';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Guards } from '../../platform/http/guards.ts';
import { route } from '../../platform/http/route.ts';
import type { Input } from '../../platform/http/validate.ts';
import { createSettingsService } from './service.ts';
import type { SymbolUniverse } from './symbolUniverse.ts';
import { validateSymbols } from './validateSymbols.ts';

/**
 * A valid save is tens of kilobytes at most (three layouts of six grids, two channels of up to
 * 1000 custom symbols); a symbol list to validate is at most 5000 short strings.
 */
export const SETTINGS_BODY_LIMIT = 128 * 1024;
export const SYMBOLS_BODY_LIMIT = 512 * 1024;

/**
 * A settings body whose 400 names the first problem: a save is built by the client, so a
 * rejection is a client bug and the message should point straight at it. Stored values are
 * re-serialized JSON, so a NUL in a string is kept escaped and never reaches a column.
 */
function settingsBody<T>(schema: z.ZodType<T>, code: string, what: string): Input<T> {
  return {
    schema,
    code,
    keepNul: true,
    message: (issue) =>
      serverMessages.settingsInvalid(what, issue?.path ?? [], issue?.message ?? 'unexpected shape'),
  };
}

/** The settings page and the dashboard's saved state: dashboard users (subscribers). */
export function settingsRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  guards: Guards,
  universe: SymbolUniverse,
  /** The stream channels are what stream-category alerts filter by: the evaluator must hear of them. */
  onConfigSaved: (userId: string) => void = () => {},
) {
  const settings = createSettingsService(ctx);

  route(app, { method: 'GET', url: '/api/settings', guard: guards.subscriber }, async ({ principal }) =>
    settings.read(principal.user.id),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/settings/dashboard/layout',
      guard: guards.subscriber,
      body: settingsBody(saveLayoutRequestSchema, 'invalid_layout', 'Layout'),
      bodyLimit: SETTINGS_BODY_LIMIT,
    },
    async ({ principal, body }) => {
      await settings.saveLayout(principal.user.id, body.layout);
      return { success: true };
    },
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/settings/config',
      guard: guards.subscriber,
      body: settingsBody(saveConfigRequestSchema, 'invalid_config', 'Config'),
      bodyLimit: SETTINGS_BODY_LIMIT,
    },
    async ({ principal, body }) => {
      await settings.saveConfig(principal.user.id, body.config, principal.tier);
      onConfigSaved(principal.user.id);
      return { success: true };
    },
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/settings/discovery',
      guard: guards.tier('pro'),
      body: settingsBody(saveDiscoveryRequestSchema, 'invalid_discovery', 'Discovery settings'),
      bodyLimit: SETTINGS_BODY_LIMIT,
    },
    async ({ principal, body }) => {
      await settings.saveDiscovery(principal.user.id, body.discovery);
      return { success: true };
    },
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/settings/symbols/validate',
      guard: guards.subscriber,
      body: settingsBody(validateSymbolsRequestSchema, 'invalid_symbols', 'Symbols'),
      bodyLimit: SYMBOLS_BODY_LIMIT,
    },
    async ({ principal, body }) => {
      await ctx.limiter.consume('symbolsValidateUser', principal.user.id);
      return { success: true, symbols: await validateSymbols(body.symbols, universe) };
    },
  );
}
