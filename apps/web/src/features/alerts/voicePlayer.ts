import type { VoiceClip, VoiceQueue } from './voiceQueue.ts';

/** What the player needs of an audio element (HTMLAudioElement has it; tests pass a fake). */
export interface VoiceAudio {
  play(): Promise<void>;
  pause(): void;
  addEventListener(type: 'ended' | 'error', listener: () => void): void;
}

export interface VoicePlayerDeps {
  queue: VoiceQueue;
  makeAudio: (url: string) => VoiceAudio;
  now: () => number;
  /**
   * A clip that neither ends nor fails (a stalled download) is given up after its length plus
   * this, so one bad clip cannot silence the queue.
   */
  stallMs?: number;
}

const STALL_MS = 5000;

/**
 * Plays the queue's clips one after another. Any load or play error, or a stall, skips to the
 * next clip (spec §4). The queue decides what is spoken; this only drives the audio.
 */
export function createVoicePlayer({ queue, makeAudio, now, stallMs = STALL_MS }: VoicePlayerDeps) {
  type Turn = { audio: VoiceAudio | null; timers: ReturnType<typeof setTimeout>[] };
  let current: Turn | null = null;

  const next = () => {
    if (current) {
      for (const timer of current.timers) clearTimeout(timer);
      current.audio?.pause();
      current = null;
    }
    queue.finish();
    pump();
  };

  const play = (clip: VoiceClip, turn: Turn) => {
    let done = false;
    const end = () => {
      if (done || current !== turn) return;
      done = true;
      next();
    };
    const audio = makeAudio(clip.url);
    turn.audio = audio;
    audio.addEventListener('ended', end);
    audio.addEventListener('error', end);
    turn.timers.push(setTimeout(end, clip.seconds * 1000 + stallMs));
    audio.play().catch(end);
  };

  function pump(): void {
    if (current) return;
    const started = queue.start();
    if (!started) return;
    const turn: Turn = { audio: null, timers: [] };
    current = turn;
    if (started.delayMs > 0) turn.timers.push(setTimeout(() => play(started.clip, turn), started.delayMs));
    else play(started.clip, turn);
  }

  return {
    /** Offers an alert's clip to the queue and starts speaking if nothing is. */
    speak(clip: VoiceClip) {
      const offer = queue.offer(clip, now());
      pump();
      return offer;
    },
    /** Stops the clip playing and forgets the rest (the component showing voice went away). */
    stop() {
      queue.clear();
      if (current) next();
    },
  };
}
