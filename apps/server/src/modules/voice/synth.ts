/// <reference path="./espeak-ng.d.ts" />
import { Mp3Encoder } from '@breezystack/lamejs';
import createEspeak, { type ESpeakNGWorker } from '@echogarden/espeak-ng-emscripten';
import { systemClock } from '../../platform/clock.ts';
import type { VoiceProfile } from './voices.ts';

/** espeak-ng speaks at 22050 Hz; clips keep it (mono MPEG-2 layer III). */
export const SAMPLE_RATE = 22_050;
export const BITRATE_KBPS = 48;

/** The fastest espeak-ng speaks (words per minute). */
const RATE_MAX = 450;
/** A sample quieter than this counts as silence when a clip's edges are trimmed. */
const SILENCE = 200;
/** Kept before and after the speech so a player does not clip the first consonant. */
const EDGE_SAMPLES = Math.round(SAMPLE_RATE * 0.03);
/**
 * MP3 frames hold 576 samples at 22050 Hz, and the encoder adds its delay (about 1105 samples)
 * and pads the last frame: the speech may use the allowance less this margin.
 */
const ENCODER_MARGIN_SAMPLES = 576 * 4;
/** Loudness: every clip peaks here, so the five voices play equally loud. */
const PEAK = 29_000;
/** A quiet voice is raised at most this much. */
const MAX_GAIN = 4;

export interface RenderJob {
  text: string;
  voice: VoiceProfile;
  /** The clip's allowance in seconds (the MP3's length, frames included). */
  maxSeconds: number;
}

export interface RenderedClip {
  mp3: Uint8Array;
  /** The speech's length, before encoding. */
  seconds: number;
  /** The rate it was spoken at (faster than the voice's own when it had to fit). */
  rate: number;
  /** Synthesis and encoding, in milliseconds. */
  ms: number;
}

export interface Synth {
  render(job: RenderJob): RenderedClip;
}

/** Loads espeak-ng (about 0.25 s: WebAssembly plus its data file). Rendering is synchronous. */
export async function createSynth(): Promise<Synth> {
  const espeak = await createEspeak();
  const engine = new espeak.eSpeakNGWorker();
  return {
    render(job) {
      const started = systemClock.now();
      const { voice } = job;
      if (engine.set_voice(voice.espeak) !== 0) throw new Error(`espeak-ng has no voice ${voice.espeak}`);
      engine.set_pitch(voice.pitch);
      engine.set_range(voice.range);
      const budget = Math.floor(job.maxSeconds * SAMPLE_RATE) - ENCODER_MARGIN_SAMPLES;
      let rate = voice.rate;
      let pcm = speak(engine, job.text, rate);
      if (pcm.length > budget) {
        // Speech length scales with 1/rate; a little more, as pauses do not shrink as much.
        rate = Math.min(RATE_MAX, Math.ceil(((rate * pcm.length) / budget) * 1.08));
        pcm = speak(engine, job.text, rate);
      }
      if (pcm.length > budget) pcm = fadeOut(pcm.subarray(0, budget));
      normalize(pcm);
      const mp3 = encodeMp3(pcm);
      return { mp3, seconds: pcm.length / SAMPLE_RATE, rate, ms: systemClock.now() - started };
    },
  };
}

function speak(engine: ESpeakNGWorker, text: string, rate: number): Int16Array {
  engine.set_rate(rate);
  const chunks: Int16Array[] = [];
  engine.synthesize(text, (samples) => {
    if (samples && samples.length > 0) chunks.push(samples);
    return false;
  });
  return trim(concat(chunks));
}

function concat(chunks: Int16Array[]): Int16Array {
  const out = new Int16Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/** Without the silence espeak-ng puts before and after the speech (a little kept). */
function trim(pcm: Int16Array): Int16Array {
  let start = 0;
  while (start < pcm.length && Math.abs(pcm[start] as number) < SILENCE) start++;
  let end = pcm.length;
  while (end > start && Math.abs(pcm[end - 1] as number) < SILENCE) end--;
  if (start >= end) return new Int16Array(0);
  return pcm.slice(Math.max(0, start - EDGE_SAMPLES), Math.min(pcm.length, end + EDGE_SAMPLES));
}

/** The last 20 ms faded to silence, for a clip cut at its allowance. */
function fadeOut(pcm: Int16Array): Int16Array {
  const out = pcm.slice();
  const n = Math.min(out.length, Math.round(SAMPLE_RATE * 0.02));
  for (let i = 0; i < n; i++) {
    const at = out.length - n + i;
    out[at] = Math.round((out[at] as number) * (1 - (i + 1) / n));
  }
  return out;
}

function normalize(pcm: Int16Array): void {
  let peak = 0;
  for (const sample of pcm) peak = Math.max(peak, Math.abs(sample));
  if (peak === 0) return;
  const gain = Math.min(MAX_GAIN, PEAK / peak);
  for (let i = 0; i < pcm.length; i++) pcm[i] = Math.round((pcm[i] as number) * gain);
}

/** Mono MP3 at SAMPLE_RATE and BITRATE_KBPS (constant bitrate, no tag). */
export function encodeMp3(pcm: Int16Array): Uint8Array {
  const encoder = new Mp3Encoder(1, SAMPLE_RATE, BITRATE_KBPS);
  const parts: Uint8Array[] = [];
  const BLOCK = 1152 * 8;
  for (let i = 0; i < pcm.length; i += BLOCK) parts.push(encoder.encodeBuffer(pcm.subarray(i, i + BLOCK)));
  parts.push(encoder.flush());
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
