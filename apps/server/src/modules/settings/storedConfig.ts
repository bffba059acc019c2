import { type DashboardConfig, dashboardConfigSchema, defaultConfig } from '@tapeline/core';

/**
 * A trader's saved dashboard config as the server reads it (alert channels, voice warm-up): the
 * defaults when none is saved or it no longer parses. The client writes defaults back in that
 * case (spec §4); so the server reads them.
 */
export function readStoredConfig(json: string | null): DashboardConfig {
  if (json) {
    try {
      const parsed = dashboardConfigSchema.safeParse(JSON.parse(json));
      if (parsed.success) return parsed.data;
    } catch {
      // Not JSON: as above, the defaults.
    }
  }
  return defaultConfig();
}
