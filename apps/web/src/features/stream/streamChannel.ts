import type { DashboardConfig, Layout, StreamChannel, StreamChannelId, WidgetId } from '@tapeline/core';

export type StreamWidgetId = Extract<WidgetId, 'stream1' | 'stream2'>;

export function isStreamWidget(id: WidgetId): id is StreamWidgetId {
  return id === 'stream1' || id === 'stream2';
}

/** Several channels exist while alt is switched on (main can never be none). */
export function hasSeveralChannels(config: DashboardConfig): boolean {
  return config.stream.some((c) => c.channel === 'alt' && c.type !== 'none');
}

/** The channel a stream widget shows: its selection, or main when alt is switched off. */
export function selectedChannel(id: StreamWidgetId, layout: Layout, config: DashboardConfig): StreamChannel {
  const wanted: StreamChannelId = hasSeveralChannels(config) ? layout.streamSelectedChannel[id] : 'main';
  const channel = config.stream.find((c) => c.channel === wanted) ?? config.stream[0];
  if (!channel) throw new Error('config has no stream channels');
  return channel;
}

/** Spec §2: 'Stream', or '<channel> Stream' when several channels exist. */
export function streamHeading(id: StreamWidgetId, layout: Layout, config: DashboardConfig): string {
  if (!hasSeveralChannels(config)) return 'Stream';
  const channel = selectedChannel(id, layout, config);
  return `${channel.title || (channel.channel === 'main' ? 'Main' : 'Alt')} Stream`;
}
