import {
  saveConfigRequestSchema,
  saveDiscoveryRequestSchema,
  saveLayoutRequestSchema,
  validateSymbolsRequestSchema,
} from '@tapeline/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { Guards } from '../../platform/http/guards.ts';
import { parseSettingsBody } from './parseSettingsBody.ts';
import { createSettingsService } from './service.ts';
import type { SymbolUniverse } from './symbolUniverse.ts';
import { validateSymbols } from './validateSymbols.ts';

/**
 * A valid save is tens of kilobytes at most (three layouts of six grids, two channels of up to
 * 1000 custom symbols); a symbol list to validate is at most 5000 short strings.
 */
export const SETTINGS_BODY_LIMIT = 128 * 1024;
export const SYMBOLS_BODY_LIMIT = 512 * 1024;

/** The settings page and the dashboard's saved state: dashboard users (subscribers). */
export function settingsRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  guards: Guards,
  universe: SymbolUniverse,
) {
  const settings = createSettingsService(ctx);
  const saveLimit = { bodyLimit: SETTINGS_BODY_LIMIT };

  app.get('/api/settings', async (request) => {
    const { user } = await guards.requireSubscriber(request);
    return settings.read(user.id);
  });

  app.post('/api/settings/dashboard/layout', saveLimit, async (request) => {
    const { user } = await guards.requireSubscriber(request);
    const { layout } = parseSettingsBody(saveLayoutRequestSchema, request.body, 'invalid_layout', 'Layout');
    await settings.saveLayout(user.id, layout);
    return { success: true };
  });

  app.post('/api/settings/config', saveLimit, async (request) => {
    const { user, tier } = await guards.requireSubscriber(request);
    const { config } = parseSettingsBody(saveConfigRequestSchema, request.body, 'invalid_config', 'Config');
    await settings.saveConfig(user.id, config, tier);
    return { success: true };
  });

  app.post('/api/settings/discovery', saveLimit, async (request) => {
    const { user } = await guards.requireTier(request, 'pro');
    const { discovery } = parseSettingsBody(
      saveDiscoveryRequestSchema,
      request.body,
      'invalid_discovery',
      'Discovery settings',
    );
    await settings.saveDiscovery(user.id, discovery);
    return { success: true };
  });

  app.post('/api/settings/symbols/validate', { bodyLimit: SYMBOLS_BODY_LIMIT }, async (request) => {
    await guards.requireSubscriber(request);
    const { symbols } = parseSettingsBody(
      validateSymbolsRequestSchema,
      request.body,
      'invalid_symbols',
      'Symbols',
    );
    return { success: true, symbols: await validateSymbols(symbols, universe) };
  });
}
