import { createHash } from 'node:crypto';
import path from 'node:path';
import { messages, type VoiceClipParams, voiceClipParamsSchema } from '@tapeline/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { publicRoute, route } from '../../platform/http/route.ts';
import type { Input } from '../../platform/http/validate.ts';
import { createClipCache } from './clipCache.ts';
import { engineNameBook, type NamesSource } from './names.ts';
import { type ClipRenderer, createWorkerRenderer } from './renderer.ts';
import { createVoiceHost, type VoiceHost } from './voiceHost.ts';
import { RENDER_VERSION } from './voices.ts';
import { createVoiceWarmer, type VoiceWarmer } from './voiceWarmer.ts';
import { loadWatchedClips } from './watchedClips.ts';

export interface VoiceModule {
  host: VoiceHost;
  /** Renders watched symbols' clips ahead: told of traders' changes and sessions (app.ts). */
  warmer: VoiceWarmer;
}

const CLIP_PARAMS: Input<VoiceClipParams> = {
  schema: voiceClipParamsSchema,
  code: 'bad_request',
  message: (issue) => issue?.message ?? messages.malformedRequest,
};

/** Clips change only when the voices do (and then their ETag with them): browsers keep them a day. */
const CACHE_CONTROL = 'public, max-age=86400';

/** Whether the browser's copy (If-None-Match, else If-Modified-Since) is still this clip. */
function notModified(request: FastifyRequest, etag: string, modified: Date): boolean {
  const match = request.headers['if-none-match'];
  if (match !== undefined) {
    return match
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === etag || tag === '*');
  }
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return Number.isFinite(since) && Math.floor(modified.getTime() / 1000) * 1000 <= since;
}

/**
 * `GET /voice/:symbol/:clip` (`voice1-s.mp3` … `voice5-n.mp3`): public, since browsers play clips
 * with `new Audio(url)`, which sends no token. Not mounted when VOICE_HOST names another host:
 * the web asks that one (GET /api/config `voiceHost`), which renders ahead for nobody: this
 * node's warm-up would fill its own disk. Null then.
 */
export function voiceRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  engine: NamesSource,
  renderer: ClipRenderer = createWorkerRenderer(ctx.log, ctx.clock),
): VoiceModule | null {
  if (ctx.config.voiceHost) return null;
  const host = createVoiceHost({
    cache: createClipCache(path.join(ctx.config.dataDir, 'voice'), RENDER_VERSION),
    names: engineNameBook(engine, ctx.clock),
    renderer,
    limiter: ctx.limiter,
    log: ctx.log,
  });
  const warmer = createVoiceWarmer({
    host,
    watched: (userId, max) => loadWatchedClips(ctx.database.db, userId, max),
    clock: ctx.clock,
    log: ctx.log,
  });
  app.addHook('onClose', () => {
    warmer.stop();
    return host.close();
  });

  route(
    app,
    { method: 'GET', url: '/voice/:symbol/:clip', guard: publicRoute, params: CLIP_PARAMS },
    async ({ params, request, reply }) => {
      const clip = await host.clip(params, request.ip);
      const etag = `"${createHash('sha256').update(clip.bytes).digest('base64url').slice(0, 22)}"`;
      reply
        .header('cache-control', CACHE_CONTROL)
        .header('etag', etag)
        .header('last-modified', clip.modified.toUTCString())
        // A VOICE_HOST deployment serves other origins' pages; the clips are public anyway.
        .header('cross-origin-resource-policy', 'cross-origin');
      if (notModified(request, etag, clip.modified)) return reply.status(304).send();
      return reply.type('audio/mpeg').send(clip.bytes);
    },
  );
  return { host, warmer };
}
