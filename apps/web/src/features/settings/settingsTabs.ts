import type { StreamChannelId } from '@tapeline/core';

export const SETTINGS_TABS = ['general', 'stream', 'discovery', 'notifications'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

export const CHANNEL_IDS: readonly StreamChannelId[] = ['main', 'alt'];

/** The tab a `?tab=` names; General when it names none or one that does not exist. */
export function tabFrom(param: string | null): SettingsTab {
  return SETTINGS_TABS.find((tab) => tab === param) ?? 'general';
}

/** The stream sub-tab a `?channel=` names; Main by default. */
export function channelFrom(param: string | null): StreamChannelId {
  return CHANNEL_IDS.find((id) => id === param) ?? 'main';
}
