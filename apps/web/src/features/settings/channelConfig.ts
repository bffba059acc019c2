import type {
  DashboardConfig,
  StreamChannel,
  StreamChannelId,
  StreamChannelType,
  StreamChannelValue,
  StreamRangeKey,
} from '@tapeline/core';
import type { SectorCode } from '@tapeline/market';
import type { Range } from './rangeScale.ts';
import { settingsMessages } from './settingsText.ts';

/** Spec §4: the main channel cannot be none. */
export function channelTypeOptions(channel: StreamChannelId): StreamChannelType[] {
  const all: StreamChannelType[] = ['none', 'popular', 'fav', 'filter', 'custom'];
  return channel === 'main' ? all.filter((t) => t !== 'none') : all;
}

/** The line a channel type shows instead of settings, when it has none (spec §4). */
export function channelTypeMessage(type: StreamChannelType): string | null {
  if (type === 'none') return settingsMessages.channelDisabled;
  if (type === 'popular' || type === 'fav') return settingsMessages.noAdditionalSettings;
  return null;
}

export function channelOf(config: DashboardConfig, id: StreamChannelId): StreamChannel {
  const channel = config.stream.find((c) => c.channel === id);
  if (!channel) throw new Error(`config has no ${id} channel`);
  return channel;
}

function updateChannel(
  config: DashboardConfig,
  id: StreamChannelId,
  change: (channel: StreamChannel) => StreamChannel,
): DashboardConfig {
  return { ...config, stream: config.stream.map((c) => (c.channel === id ? change(c) : c)) };
}

function updateValue(
  config: DashboardConfig,
  id: StreamChannelId,
  change: Partial<StreamChannelValue>,
): DashboardConfig {
  return updateChannel(config, id, (c) => ({ ...c, value: { ...c.value, ...change } }));
}

/** A new type for a channel; the same config back when nothing changes or main would be none. */
export function withChannelType(
  config: DashboardConfig,
  id: StreamChannelId,
  type: StreamChannelType,
): DashboardConfig {
  if (id === 'main' && type === 'none') return config;
  if (channelOf(config, id).type === type) return config;
  return updateChannel(config, id, (c) => ({ ...c, type }));
}

export function withRange(
  config: DashboardConfig,
  id: StreamChannelId,
  key: StreamRangeKey,
  range: Range,
): DashboardConfig {
  const current = channelOf(config, id).value[key];
  if (current.min === range.min && current.max === range.max) return config;
  return updateValue(config, id, { [key]: { min: range.min, max: range.max } });
}

/** A sector missing from the map is shown; only an explicit false hides it. */
export function isSectorShown(value: StreamChannelValue, code: SectorCode): boolean {
  return value.industries[String(code)] !== false;
}

export function withSectors(
  config: DashboardConfig,
  id: StreamChannelId,
  codes: readonly SectorCode[],
  shown: boolean,
): DashboardConfig {
  const industries = { ...channelOf(config, id).value.industries };
  for (const code of codes) industries[String(code)] = shown;
  return updateValue(config, id, { industries });
}

export function withCustomView(
  config: DashboardConfig,
  id: StreamChannelId,
  symbols: readonly string[],
): DashboardConfig {
  return updateValue(config, id, { custom_view: [...symbols] });
}
