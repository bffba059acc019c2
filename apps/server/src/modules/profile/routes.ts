import multipart from '@fastify/multipart';
import { messages, PROFILE_IMAGE_MAX_BYTES, profileResponseSchema } from '@tapeline/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { profileImages } from '../../platform/db/schema.ts';
import { HttpError } from '../../platform/http/errors.ts';
import type { Guards } from '../../platform/http/guards.ts';
import { publicRoute, route } from '../../platform/http/route.ts';
import { input } from '../../platform/http/validate.ts';
import { activeBanReason } from './banReason.ts';
import { toProfileView } from './profileView.ts';
import { readProfileForm } from './readForm.ts';
import { updateProfile } from './updateProfile.ts';

/** Anything but a user id names no picture: the same 404 as a user without one. */
const imageParams = {
  ...input(z.object({ userId: z.string().uuid() }), 'not_found', messages.notFound),
  status: 404,
};

/**
 * The Profile tab. Reading needs only a session (a user without a subscription still reaches
 * /profile); saving needs a verified address, so a throwaway signup cannot squat usernames.
 */
export async function profileRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): Promise<void> {
  route(
    app,
    { method: 'GET', url: '/api/profile', guard: guards.user, response: profileResponseSchema },
    async ({ principal }) => {
      const banReason = await activeBanReason(ctx, principal.user);
      return { ...toProfileView(principal.user), ...(banReason ? { ban_reason: banReason } : {}) };
    },
  );

  // Multipart is registered inside this plugin only: no other route accepts file uploads.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
    });
    route(
      scope,
      { method: 'POST', url: '/api/profile', guard: guards.verified },
      async ({ principal, request }) => {
        await ctx.limiter.consume('profileUpdateUser', principal.user.id);
        const form = await readProfileForm(request);
        return toProfileView(await updateProfile(ctx, principal.user, form));
      },
    );
  });

  // Public: an <img> cannot send the bearer token, and the picture is shown to other traders.
  route(
    app,
    { method: 'GET', url: '/api/profile/image/:userId', guard: publicRoute, params: imageParams },
    async ({ params, reply }) => {
      const [row] = await ctx.database.db
        .select()
        .from(profileImages)
        .where(eq(profileImages.userId, params.userId))
        .limit(1);
      if (!row) throw new HttpError(404, 'not_found', messages.notFound);
      return reply
        .type(row.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .header('cache-control', 'public, max-age=86400')
        .header('last-modified', row.updatedAt.toUTCString())
        .send(row.bytes);
    },
  );
}
