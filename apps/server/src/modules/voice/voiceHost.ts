import { messages, type VoiceClipParams, voiceMessages } from '@tapeline/core';
import { HttpError } from '../../platform/http/errors.ts';
import type { RateLimiter } from '../../platform/rateLimit.ts';
import type { CachedClip, ClipCache } from './clipCache.ts';
import type { NameBook } from './names.ts';
import type { ClipRenderer } from './renderer.ts';
import type { RenderedClip } from './synth.ts';
import { clipText, maxSecondsFor, VOICES } from './voices.ts';

export interface VoiceHostDeps {
  cache: ClipCache;
  names: NameBook;
  renderer: ClipRenderer;
  limiter: Pick<RateLimiter, 'consume'>;
  log: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
}

export interface VoiceHost {
  /** The clip, from disk or rendered now; 404 for a symbol not listed, 429/503 when busy. */
  clip(params: VoiceClipParams, ip: string): Promise<CachedClip>;
  /**
   * Renders the clip ahead of its first request (the warm-up, voiceWarmer.ts): nothing when it is
   * on disk or being rendered, the symbol is not listed, or requests already fill the queue.
   * Costs no address's allowance; never throws.
   */
  prepare(params: VoiceClipParams): Promise<PrepareOutcome>;
  /** Clips rendered since start (tests prove a cached clip is not rendered again). */
  readonly renders: number;
  close(): Promise<void>;
}

export type PrepareOutcome = 'cached' | 'rendered' | 'unlisted' | 'busy' | 'failed';

/** Renders waiting beyond this are refused (503) rather than queued: a burst must not pile up. */
export const MAX_QUEUED_RENDERS = 32;

/**
 * A company can be renamed, or a symbol reused by another: a name clip is rendered again when it
 * is older than this. A symbol clip says only the letters and is kept.
 */
export const NAME_CLIP_MAX_AGE_MS = 30 * 24 * 3600_000;

const key = (params: VoiceClipParams) => `${params.voiceId}/${params.kind}/${params.symbol}`;

const busy = () => new HttpError(503, 'voice_busy', voiceMessages.busy, false, { 'retry-after': '2' });

/**
 * The voice host: a clip already on disk is served as it is (no engine asked, so it keeps working
 * while the engine restarts). Otherwise the symbol must be listed, the caller's address within its
 * allowance of renders, and the queue not full; then the clip is rendered once, however many ask
 * for it at the same time, and kept on disk.
 */
export function createVoiceHost(deps: VoiceHostDeps): VoiceHost {
  const inFlight = new Map<string, Promise<CachedClip>>();
  let renders = 0;

  const render = async (params: VoiceClipParams, name: string): Promise<CachedClip> => {
    const text = clipText(params.kind, params.symbol, name);
    let clip: RenderedClip;
    try {
      clip = await deps.renderer.render({
        text,
        voice: VOICES[params.voiceId],
        maxSeconds: maxSecondsFor(params.kind),
      });
    } catch (error) {
      // The thread failed or timed out (it is started afresh next time): retryable, not a 500.
      deps.log.warn({ err: error, clip: key(params) }, 'voice clip not rendered');
      throw new HttpError(503, 'voice_unavailable', messages.serviceNotAvailable, false, {
        'retry-after': '5',
      });
    }
    renders++;
    deps.log.info(
      {
        clip: key(params),
        ms: Math.round(clip.ms),
        seconds: Number(clip.seconds.toFixed(2)),
        rate: clip.rate,
        bytes: clip.mp3.byteLength,
      },
      'voice clip rendered',
    );
    return deps.cache.write(params, clip.mp3);
  };

  /** One render per clip however many ask: later askers join it until it is on disk. */
  const start = (params: VoiceClipParams, id: string, name: string) => {
    const rendering = render(params, name).finally(() => inFlight.delete(id));
    inFlight.set(id, rendering);
    return rendering;
  };
  const cachedClip = (params: VoiceClipParams) =>
    deps.cache.read(params, params.kind === 'n' ? NAME_CLIP_MAX_AGE_MS : undefined);

  return {
    get renders() {
      return renders;
    },
    async clip(params, ip) {
      const id = key(params);
      const joined = inFlight.get(id);
      if (joined) return joined;
      const cached = await cachedClip(params);
      if (cached) return cached;

      const name = await deps.names.nameOf(params.symbol);
      if (name === null) throw new HttpError(404, 'not_found', voiceMessages.unknownSymbol(params.symbol));
      // Asked again after the awaits: another request may have started this clip meanwhile.
      const started = inFlight.get(id);
      if (started) return started;
      await deps.limiter.consume('voiceRenderIp', ip);
      const racing = inFlight.get(id);
      if (racing) return racing;
      if (deps.renderer.pending >= MAX_QUEUED_RENDERS) throw busy();
      return start(params, id, name);
    },
    async prepare(params) {
      const id = key(params);
      try {
        if (inFlight.has(id) || (await cachedClip(params))) return 'cached';
        const name = await deps.names.nameOf(params.symbol);
        if (name === null) return 'unlisted';
        if (inFlight.has(id)) return 'cached';
        // Requests come first: a warm-up never takes the last places of the queue.
        if (deps.renderer.pending >= MAX_QUEUED_RENDERS / 2) return 'busy';
        await start(params, id, name);
        return 'rendered';
      } catch {
        // Logged by render(); the request for it will try again.
        return 'failed';
      }
    },
    close: () => deps.renderer.close(),
  };
}
