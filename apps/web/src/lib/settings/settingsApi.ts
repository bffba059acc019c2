import {
  type DashboardConfig,
  type Layout,
  settingsResponseSchema,
  successResponseSchema,
  validateSymbolsResponseSchema,
} from '@tapeline/core';
import { api } from '../authApi.ts';
import { appStores, readToken } from '../session.ts';

export const SETTINGS_PATHS = {
  all: '/api/settings',
  layout: '/api/settings/dashboard/layout',
  config: '/api/settings/config',
  validateSymbols: '/api/settings/symbols/validate',
} as const;

/** Spec §7 settings calls. */
export const settingsApi = {
  get: () => api.request('GET', SETTINGS_PATHS.all, settingsResponseSchema),
  saveLayout: (layout: Layout[]) =>
    api.request('POST', SETTINGS_PATHS.layout, successResponseSchema, { layout }),
  saveConfig: (config: DashboardConfig) =>
    api.request('POST', SETTINGS_PATHS.config, successResponseSchema, { config }),
  validateSymbols: (symbols: string[]) =>
    api.request('POST', SETTINGS_PATHS.validateSymbols, validateSymbolsResponseSchema, { symbols }),
};

/**
 * The page is going away: a keepalive fetch outlives it (sendBeacon cannot carry the bearer
 * token). Its answer is never read.
 */
export function saveOnExit(path: string, body: unknown): void {
  const token = readToken(appStores);
  if (!token) return;
  void fetch(path, {
    method: 'POST',
    keepalive: true,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  }).catch(() => undefined);
}
