import type { DashboardConfig, StreamChannel, StreamChannelValue } from './configSchema.ts';
import { STREAM_RANGES } from './configSchema.ts';

/** SPAC is the one sector off by default (spec §3 Sector codes). */
export const SECTORS_OFF_BY_DEFAULT = ['14'] as const;

export function defaultChannelValue(): StreamChannelValue {
  return {
    price: { ...STREAM_RANGES.price },
    volume: { ...STREAM_RANGES.volume },
    float: { ...STREAM_RANGES.float },
    atr: { ...STREAM_RANGES.atr },
    gap: { ...STREAM_RANGES.gap },
    count: { ...STREAM_RANGES.count },
    industries: Object.fromEntries(SECTORS_OFF_BY_DEFAULT.map((code) => [code, false])),
    custom_view: [],
  };
}

export function defaultChannels(): StreamChannel[] {
  return [
    { channel: 'main', title: 'Main', type: 'filter', value: defaultChannelValue() },
    // Alt starts as the small-cap momentum tape traders watch most: $1–$20, float under 50M.
    {
      channel: 'alt',
      title: 'Alt',
      type: 'filter',
      value: { ...defaultChannelValue(), price: { min: 1, max: 20 }, float: { min: 0, max: 50_000_000 } },
    },
  ];
}

/** Defaults of spec §9: options as icons, news icon on with 8 hours recency, SEC filings shown. */
export function defaultConfig(): DashboardConfig {
  return {
    stream: defaultChannels(),
    optionsMode: 'icon',
    news: { icon: true, recency: 8, hide_rf: false },
    voiceNoti: [],
    // Spec §4/§9: the same symbol is not spoken again within 10 s unless the trader sets less.
    voiceBuffer: 10,
  };
}
