import {
  emailRequestSchema,
  googleRequestSchema,
  loginRequestSchema,
  messages,
  registerRequestSchema,
  resetPasswordRequestSchema,
  signupRequestSchema,
  updateUserRequestSchema,
  verifyTokenParamsSchema,
} from '@tapeline/core';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../platform/http/validate.ts';
import { updateAccount } from './accountUpdate.ts';
import { dataSourceLogin } from './dataSourceLogin.ts';
import type { AuthDeps } from './deps.ts';
import { INVALID_LINK_REDIRECT, openVerificationLink, resendVerification } from './emailVerification.ts';
import { googleSignIn } from './googleSignIn.ts';
import { login } from './login.ts';
import { logout } from './logout.ts';
import { forgotPassword, resetPassword } from './passwordReset.ts';
import { authenticate, authenticateSession } from './session.ts';
import { register, signup } from './signup.ts';
import { presentUser } from './userView.ts';

export function authRoutes(app: FastifyInstance, deps: AuthDeps): void {
  const { limiter } = deps.ctx;

  app.post('/api/auth/signup', async (request, reply) => {
    const input = parseInput(
      signupRequestSchema,
      request.body,
      'invalid_content',
      messages.signupInvalidContent,
    );
    await limiter.consume('signupIp', request.ip);
    return reply.status(201).send(await signup(deps, input));
  });

  app.post('/api/auth/register', async (request, reply) => {
    const input = parseInput(
      registerRequestSchema,
      request.body,
      'invalid_content',
      messages.signupInvalidContent,
    );
    await limiter.consume('signupIp', request.ip);
    return reply.status(201).send(await register(deps, input));
  });

  app.post('/api/auth/login', async (request) =>
    login(
      deps,
      parseInput(loginRequestSchema, request.body, 'empty_credentials', messages.loginEmpty),
      request.ip,
    ),
  );

  app.post('/api/auth/google', async (request) =>
    googleSignIn(
      deps,
      parseInput(googleRequestSchema, request.body, 'google_failed', messages.googleFailed),
      request.ip,
    ),
  );

  app.get('/api/auth/verify_email/:token', async (request, reply) => {
    const params = verifyTokenParamsSchema.safeParse(request.params);
    const target = params.success
      ? await openVerificationLink(deps, params.data.token)
      : INVALID_LINK_REDIRECT;
    return reply.redirect(target, 302);
  });

  app.post('/api/auth/verify_email', async (request) =>
    resendVerification(
      deps,
      parseInput(emailRequestSchema, request.body, 'invalid_email', messages.invalidEmail),
      request.ip,
    ),
  );

  app.post('/api/auth/forgot_password', async (request) =>
    forgotPassword(
      deps,
      parseInput(emailRequestSchema, request.body, 'invalid_email', messages.invalidEmail),
      request.ip,
    ),
  );

  app.post('/api/auth/reset_password', async (request) =>
    resetPassword(
      deps,
      parseInput(resetPasswordRequestSchema, request.body, 'invalid_token', messages.resetInvalid),
      request.ip,
    ),
  );

  app.post('/api/auth/ds/login', async (request) => dataSourceLogin(deps, request.headers.authorization));

  app.post('/api/auth/logout', async (request) =>
    logout(deps, await authenticateSession(deps, request.headers.authorization)),
  );

  app.get('/api/auth/user', async (request) => {
    const user = await authenticate(deps, request.headers.authorization);
    return { user: await presentUser(deps.ctx.database.db, user) };
  });

  app.put('/api/auth/user', async (request) => {
    const session = await authenticateSession(deps, request.headers.authorization);
    return updateAccount(
      deps,
      session,
      parseInput(updateUserRequestSchema, request.body, 'invalid_content', messages.accountUpdateFailed),
    );
  });
}
