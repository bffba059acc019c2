import {
  type ConfigResponse,
  configResponseSchema,
  type DashboardConfig,
  defaultConfig,
  type Layout,
  settingsResponseSchema,
  successResponseSchema,
} from '@tapeline/core';
import { type FakeApi, fakeApi, ok } from './fakeApi.ts';

/**
 * GET /api/config as a server on the simulator without Google or icons answers it; its market
 * clock unsaid (the browser's time stands for it) unless a test gives `market`.
 */
export function configAnswer(overrides: Partial<ConfigResponse> = {}) {
  return ok(configResponseSchema, {
    google_client_id: null,
    billing: 'fake',
    simulated: true,
    symbolIconUrl: null,
    market: { feed: 'SIMULATED', health: 'live', clock: null },
    ...overrides,
  });
}

/** The default config with the alt channel a custom list (and the main channel's type, if given). */
export function customAltConfig(symbols: string[], mainType?: 'popular'): DashboardConfig {
  const config = defaultConfig();
  const [main, alt] = config.stream;
  if (!main || !alt) throw new Error('core has no default channels');
  return {
    ...config,
    stream: [
      mainType ? { ...main, type: mainType } : main,
      { ...alt, type: 'custom' as const, value: { ...alt.value, custom_view: symbols } },
    ],
  };
}

/** A fake API serving a saved config to the settings store and accepting its saves. */
export function settingsApi(config: DashboardConfig | null, layouts: Layout[] | null = null): FakeApi {
  return serveSettings(fakeApi(), config, layouts);
}

/** The settings routes added to a fake API that answers others (a widget's own). */
export function serveSettings(
  api: FakeApi,
  config: DashboardConfig | null,
  layouts: Layout[] | null = null,
): FakeApi {
  return api
    .on(
      'GET /api/settings',
      ok(settingsResponseSchema, {
        success: true,
        config: config === null ? null : JSON.stringify(config),
        discovery: null,
        layout: layouts === null ? null : JSON.stringify(layouts),
      }),
    )
    .on('POST /api/settings/config', ok(successResponseSchema, { success: true }))
    .on('POST /api/settings/dashboard/layout', ok(successResponseSchema, { success: true }));
}
