import { type ConfigResponse, DEFAULT_HELP_URL, DEFAULT_VOICE_HOST, type MarketStatus } from '@tapeline/core';
import { type Config, feedKindOf } from '../../platform/config.ts';

/**
 * GET /api/config: what the browser needs to know before sign-in, from the server's config, and
 * the market as this node sees it now (the feed's label and health, the market's clock).
 */
export function publicConfig(config: Config, market: MarketStatus | null = null): ConfigResponse {
  return {
    google_client_id: config.googleClientId ?? null,
    billing: 'test',
    simulated: feedKindOf(config.marketFeed) === 'simulator',
    symbolIconUrl: config.symbolIconUrl ?? null,
    voiceHost: config.voiceHost ?? DEFAULT_VOICE_HOST,
    helpUrl: config.helpUrl ?? DEFAULT_HELP_URL,
    market: market ?? { feed: config.marketSource.label, health: 'down', clock: null },
  };
}
