import { z } from 'zod';
import { isValidSymbol, normalizeSymbol } from '../rules/symbol.ts';

/**
 * Voice notifications (spec §4, §7): `GET {voice host}/{symbol}/{voiceId}-{n|s}.mp3`, where `s`
 * speaks the symbol letter by letter and `n` the company name.
 */
export const VOICE_IDS = ['voice1', 'voice2', 'voice3', 'voice4', 'voice5'] as const;
export type VoiceId = (typeof VOICE_IDS)[number];

/** `s`: the symbol spelled ("A A P L"); `n`: the company name. */
export const VOICE_CLIP_KINDS = ['s', 'n'] as const;
export type VoiceClipKind = (typeof VOICE_CLIP_KINDS)[number];

/** How long a clip counts in the client's voice queue (spec: symbol 2 s, name 3 s); clips fit in it. */
export const VOICE_CLIP_SECONDS: Record<VoiceClipKind, number> = { s: 2, n: 3 };

/** The server's own voice host: same origin, unless VOICE_HOST names another (GET /api/config). */
export const DEFAULT_VOICE_HOST = '/voice';

export const voiceMessages = {
  badClip: 'Voice clips are named voice1-s.mp3 to voice5-n.mp3 (s: the symbol, n: the company name)',
  unknownSymbol: (symbol: string) => `No voice clip for ${symbol}: it is not a listed symbol`,
  busy: 'Voice clips are busy being rendered, try again in a moment',
} as const;

const CLIP = /^(voice[1-5])-([ns])\.mp3$/;

/** Echoed in a refusal at most this long, so a hostile path is not mirrored back whole. */
const ECHO_MAX = 24;
const echo = (raw: string) => (raw.length > ECHO_MAX ? `${raw.slice(0, ECHO_MAX)}…` : raw);

/**
 * `/voice/:symbol/:clip`: a listed-looking symbol in any case (answered upper-case; the pattern
 * allows only letters, digits, one class dot or dash, so no path can be built from it) and a
 * clip name from the fixed set. Whether the symbol is listed is the server's question.
 */
export const voiceClipParamsSchema = z
  .object({
    symbol: z.string().superRefine((raw, ctx) => {
      if (raw.length > 16 || !isValidSymbol(normalizeSymbol(raw)))
        ctx.addIssue({ code: 'custom', message: `${echo(raw)} is not a valid symbol` });
    }),
    clip: z.string().regex(CLIP, voiceMessages.badClip),
  })
  .transform(({ symbol, clip }) => {
    const [, voiceId, kind] = CLIP.exec(clip) as unknown as [string, VoiceId, VoiceClipKind];
    return { symbol: normalizeSymbol(symbol), voiceId, kind };
  });
export type VoiceClipParams = z.infer<typeof voiceClipParamsSchema>;

/** The clip's URL on a voice host (`/voice`, or VOICE_HOST's URL without a trailing slash). */
export function voiceClipUrl(host: string, symbol: string, voiceId: VoiceId, kind: VoiceClipKind): string {
  return `${host.replace(/\/+$/, '')}/${encodeURIComponent(symbol)}/${voiceId}-${kind}.mp3`;
}
