import {
  type DashboardConfig,
  VOICE_CLIP_SECONDS,
  type VoiceClipKind,
  type VoiceZone,
  voiceClipUrl,
} from '@tapeline/core';

// Spec §4/§9 voice notifications as pure logic: which clip an alert is spoken with, and the
// buffer that decides what is spoken and when. Time is passed in (ms); nothing here plays audio.

/** Spec §9: the queue holds at most this much speech; a clip that would exceed it is dropped. */
export const VOICE_QUEUE_LIMIT_S = 60;

/**
 * Spec §4 "each zone may add its own extra delay": none of ours does today (every zone speaks as
 * soon as the one before it ends). The delay counts toward the queue limit like speech.
 */
export const VOICE_ZONE_DELAY_S: Readonly<Record<VoiceZone, number>> = {
  filtered: 0,
  halt: 0,
  primary_high: 0,
  primary_low: 0,
  alt_high: 0,
  alt_low: 0,
  fav: 0,
  popular: 0,
};

export interface VoiceClip {
  symbol: string;
  zone: VoiceZone;
  url: string;
  /** How long the clip counts in the queue (symbol 2 s, company name 3 s). */
  seconds: number;
}

type VoiceEntry = DashboardConfig['voiceNoti'][number];

/** The clip for an alert in the user's voice for its zone; null when that zone is not spoken. */
export function clipFor(
  alert: { symbol: string; zone: VoiceZone | null },
  entries: readonly VoiceEntry[],
  host: string,
): VoiceClip | null {
  if (!alert.zone || alert.symbol === '') return null;
  const entry = entries.find((e) => e.zone === alert.zone);
  if (!entry) return null;
  const kind: VoiceClipKind = entry.type === 'name' ? 'n' : 's';
  return {
    symbol: alert.symbol,
    zone: alert.zone,
    url: voiceClipUrl(host, alert.symbol, entry.voice, kind),
    seconds: VOICE_CLIP_SECONDS[kind],
  };
}

export type Offer = 'queued' | 'repeat' | 'full';

export interface VoiceQueueOptions {
  /** Spec §4: the same symbol is not spoken again within this many seconds (the voiceBuffer setting). */
  repeatSeconds: number;
  limitSeconds?: number;
  zoneDelaySeconds?: Readonly<Record<VoiceZone, number>>;
}

/** The buffer of clips waiting to be spoken, one playing at a time. */
export class VoiceQueue {
  private readonly waiting: VoiceClip[] = [];
  /** When each symbol was last accepted, for the repeat window. */
  private readonly accepted = new Map<string, number>();
  private playing: VoiceClip | null = null;
  private repeatMs: number;
  private readonly limit: number;
  private readonly delays: Readonly<Record<VoiceZone, number>>;

  constructor(options: VoiceQueueOptions) {
    this.repeatMs = options.repeatSeconds * 1000;
    this.limit = options.limitSeconds ?? VOICE_QUEUE_LIMIT_S;
    this.delays = options.zoneDelaySeconds ?? VOICE_ZONE_DELAY_S;
  }

  /** The user moved the voice buffer slider. */
  setRepeatSeconds(seconds: number): void {
    this.repeatMs = seconds * 1000;
  }

  private cost(clip: VoiceClip): number {
    return clip.seconds + this.delays[clip.zone];
  }

  /** Seconds of speech (and zone delays) waiting; the clip playing is no longer in the queue. */
  get bufferedSeconds(): number {
    return this.waiting.reduce((sum, clip) => sum + this.cost(clip), 0);
  }

  get busy(): boolean {
    return this.playing !== null;
  }

  get length(): number {
    return this.waiting.length;
  }

  offer(clip: VoiceClip, now: number): Offer {
    for (const [symbol, at] of this.accepted) if (now - at >= this.repeatMs) this.accepted.delete(symbol);
    if (this.accepted.has(clip.symbol)) return 'repeat';
    if (this.bufferedSeconds + this.cost(clip) > this.limit) return 'full';
    this.waiting.push(clip);
    this.accepted.set(clip.symbol, now);
    return 'queued';
  }

  /** The next clip to play and how long to wait before it (its zone's delay); null while one plays or none waits. */
  start(): { clip: VoiceClip; delayMs: number } | null {
    if (this.playing) return null;
    const clip = this.waiting.shift();
    if (!clip) return null;
    this.playing = clip;
    return { clip, delayMs: this.delays[clip.zone] * 1000 };
  }

  /** The clip playing ended, or could not be loaded or played: the queue moves on to the next. */
  finish(): void {
    this.playing = null;
  }

  clear(): void {
    this.waiting.length = 0;
  }
}
