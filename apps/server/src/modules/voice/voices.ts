import { VOICE_CLIP_SECONDS, type VoiceClipKind, type VoiceId } from '@tapeline/core';

/**
 * One of the five voices: an espeak-ng voice with a variant (`+f3`: a female variant), its pitch
 * and pitch range (0–100), and the speaking rate it starts from (words per minute). A clip that
 * would run longer than its allowance is spoken faster (see synth.ts).
 */
export interface VoiceProfile {
  espeak: string;
  pitch: number;
  range: number;
  rate: number;
}

/**
 * Audibly different: two men and two women of different pitch, and a British speaker. Measured
 * median pitch on "A A P L" (autocorrelation): about 100, 200, 80, 245 and 130 Hz.
 */
export const VOICES: Record<VoiceId, VoiceProfile> = {
  voice1: { espeak: 'en-us', pitch: 45, range: 50, rate: 190 },
  voice2: { espeak: 'en-us+f3', pitch: 55, range: 60, rate: 190 },
  voice3: { espeak: 'en-us+m7', pitch: 25, range: 35, rate: 180 },
  voice4: { espeak: 'en-us+f5', pitch: 75, range: 75, rate: 200 },
  voice5: { espeak: 'en-GB-x-rp+m3', pitch: 60, range: 55, rate: 185 },
};

/**
 * Raise this when a voice, the text rules or the encoder change: the disk cache of clips made by
 * an older version is dropped at the first clip request (clipCache.ts).
 */
export const RENDER_VERSION = '1';

/** A clip may last this long, as the client counts it (spec: symbol 2 s, name 3 s). */
export const maxSecondsFor = (kind: VoiceClipKind): number => VOICE_CLIP_SECONDS[kind];

/**
 * How espeak-ng must be told each character of a symbol so it says its name: a lone capital A
 * reads as the article ("uh"), so it is written the way the letter sounds. Other letters and
 * digits are read as their names when spaced out; the class dot or dash is a short pause.
 */
const SPOKEN_CHAR: Record<string, string> = { A: 'eh' };

/** "AAPL" → "eh eh P L"; "BRK.B" → "B R K, B". */
export function spokenSymbol(symbol: string): string {
  return [...symbol]
    .map((char) => (char === '.' || char === '-' ? ',' : (SPOKEN_CHAR[char] ?? char)))
    .join(' ')
    .replace(/ ,/g, ',');
}

/** Legal forms and share classes a trader does not need to hear ("Apple Inc." → "Apple"). */
const TRAILING =
  /[\s,]+(inc|incorporated|corp|corporation|co|company|ltd|limited|plc|llc|l\.?p|n\.?v|s\.?a|ag|se|common stock|ordinary shares?|class [a-z]|american depositary shares?|ads|adr|units?|warrants?|rights?|shares?|stock)\.?$/i;

/** What a long company name is cut to before it is spoken (the clip budget is 3 s). */
const NAME_MAX_CHARS = 60;

/**
 * The company name as spoken: without a parenthesis, what follows " - " (listings append the
 * share class that way), trailing legal forms and share classes, and any character that is not
 * part of a name. Empty when nothing speakable is left (the caller then spells the symbol).
 */
export function spokenName(name: string): string {
  const [head = ''] = name.replace(/\([^)]*\)/g, ' ').split(/\s+[-–—]\s+/);
  let text = head
    .replace(/[^\p{L}\p{N}&.,'’ -]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return '';
  for (;;) {
    const shorter: string = text.replace(TRAILING, '').replace(/[\s,]+$/, '');
    if (shorter === text || shorter.length === 0) break;
    text = shorter;
  }
  if (text.length > NAME_MAX_CHARS) {
    const cut = text.slice(0, NAME_MAX_CHARS);
    text = cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)).trim();
  }
  return text;
}

/** What a clip says: the symbol spelled, or the name (the symbol spelled when none is known). */
export function clipText(kind: VoiceClipKind, symbol: string, name: string | null): string {
  if (kind === 'n') {
    const spoken = spokenName(name ?? '');
    if (spoken) return spoken;
  }
  return spokenSymbol(symbol);
}
