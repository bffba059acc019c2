import { type DashboardConfig, VOICE_BUFFER_MAX } from '@tapeline/core';

export type VoiceEntry = DashboardConfig['voiceNoti'][number];
export type Zone = VoiceEntry['zone'];

/** The voice a zone speaks in, or null when it is silent. */
export function entryFor(config: DashboardConfig, zone: Zone): VoiceEntry | null {
  return config.voiceNoti.find((e) => e.zone === zone) ?? null;
}

/** The config with one zone's voice set (one entry per zone), or removed when `entry` is null. */
export function withZoneVoice(
  config: DashboardConfig,
  zone: Zone,
  entry: Omit<VoiceEntry, 'zone'> | null,
): DashboardConfig {
  const others = config.voiceNoti.filter((e) => e.zone !== zone);
  return { ...config, voiceNoti: entry ? [...others, { zone, ...entry }] : others };
}

/** Spec §5: the voice buffer is clamped to 0–10 seconds. */
export function clampVoiceBuffer(seconds: number): number {
  if (!Number.isFinite(seconds)) return 0;
  return Math.min(VOICE_BUFFER_MAX, Math.max(0, Math.round(seconds)));
}
