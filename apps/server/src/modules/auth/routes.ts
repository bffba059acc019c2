import {
  emailRequestSchema,
  googleRequestSchema,
  loginRequestSchema,
  messages,
  registerRequestSchema,
  resetPasswordRequestSchema,
  sessionResponseSchema,
  signupRequestSchema,
  updateUserRequestSchema,
  updateUserResponseSchema,
  verifyTokenParamsSchema,
} from '@tapeline/core';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Guards } from '../../platform/http/guards.ts';
import { publicRoute, route } from '../../platform/http/route.ts';
import { input } from '../../platform/http/validate.ts';
import { updateAccount } from './accountUpdate.ts';
import { dataSourceLogin } from './dataSourceLogin.ts';
import type { AuthDeps } from './deps.ts';
import { INVALID_LINK_REDIRECT, openVerificationLink, resendVerification } from './emailVerification.ts';
import { googleSignIn } from './googleSignIn.ts';
import { login } from './login.ts';
import { logout } from './logout.ts';
import { forgotPassword, resetPassword } from './passwordReset.ts';
import { register, signup } from './signup.ts';
import { presentUser } from './userView.ts';

const emailInput = input(emailRequestSchema, 'invalid_email', messages.invalidEmail);

export function authRoutes(app: FastifyInstance, deps: AuthDeps, guards: Guards): void {
  const { limiter } = deps.ctx;

  // Both sign-up forms: the same wording for a bad body, the same per-IP allowance, a 201.
  const signupRoute = <T>(
    url: string,
    schema: z.ZodType<T>,
    create: (deps: AuthDeps, body: T) => Promise<unknown>,
  ) =>
    route(
      app,
      {
        method: 'POST',
        url,
        guard: publicRoute,
        body: input(schema, 'invalid_content', messages.signupInvalidContent),
      },
      async ({ body, request, reply }) => {
        await limiter.consume('signupIp', request.ip);
        return reply.status(201).send(await create(deps, body));
      },
    );
  signupRoute('/api/auth/signup', signupRequestSchema, signup);
  signupRoute('/api/auth/register', registerRequestSchema, register);

  route(
    app,
    {
      method: 'POST',
      url: '/api/auth/login',
      guard: publicRoute,
      body: input(loginRequestSchema, 'empty_credentials', messages.loginEmpty),
      response: sessionResponseSchema,
    },
    async ({ body, request }) => login(deps, body, request.ip),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/auth/google',
      guard: publicRoute,
      body: input(googleRequestSchema, 'google_failed', messages.googleFailed),
      response: sessionResponseSchema,
    },
    async ({ body, request }) => googleSignIn(deps, body, request.ip),
  );

  // A link that is not even shaped like a token lands on the invalid-link page like a stale
  // one: it was opened from a mail, so the answer is a page, never a JSON error.
  route(
    app,
    {
      method: 'GET',
      url: '/api/auth/verify_email/:token',
      guard: publicRoute,
      params: { schema: verifyTokenParamsSchema.nullable().catch(null), keepNul: true },
    },
    async ({ params, reply }) =>
      reply.redirect(params ? await openVerificationLink(deps, params.token) : INVALID_LINK_REDIRECT, 302),
  );

  route(
    app,
    { method: 'POST', url: '/api/auth/verify_email', guard: publicRoute, body: emailInput },
    async ({ body, request }) => resendVerification(deps, body, request.ip),
  );

  route(
    app,
    { method: 'POST', url: '/api/auth/forgot_password', guard: publicRoute, body: emailInput },
    async ({ body, request }) => forgotPassword(deps, body, request.ip),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/auth/reset_password',
      guard: publicRoute,
      body: input(resetPasswordRequestSchema, 'invalid_token', messages.resetInvalid),
    },
    async ({ body, request }) => resetPassword(deps, body, request.ip),
  );

  route(app, { method: 'POST', url: '/api/auth/ds/login', guard: guards.subscriber }, async ({ principal }) =>
    dataSourceLogin(deps, principal),
  );

  route(app, { method: 'POST', url: '/api/auth/logout', guard: guards.session }, async ({ principal }) =>
    logout(deps, principal),
  );

  route(app, { method: 'GET', url: '/api/auth/user', guard: guards.session }, async ({ principal }) => ({
    user: await presentUser(deps.ctx.database.db, principal.user),
  }));

  route(
    app,
    {
      method: 'PUT',
      url: '/api/auth/user',
      guard: guards.session,
      body: input(updateUserRequestSchema, 'invalid_content', messages.accountUpdateFailed),
      response: updateUserResponseSchema,
    },
    async ({ principal, body }) => updateAccount(deps, principal, body),
  );
}
