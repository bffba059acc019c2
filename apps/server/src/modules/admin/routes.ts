import { adminUserUpdateRequestSchema, adminUserUpdateResponseSchema, messages } from '@tapeline/core';
import type { FastifyInstance } from 'fastify';
import type { Guards } from '../../platform/http/guards.ts';
import { route } from '../../platform/http/route.ts';
import { input } from '../../platform/http/validate.ts';
import type { AuthDeps } from '../auth/deps.ts';
import { presentUser } from '../auth/userView.ts';
import { listUsers } from './listUsers.ts';
import { updateUserSetting } from './updateUser.ts';

/** The Admin tab's calls: admin role only, checked here and not just by hiding the tab. */
export function adminRoutes(app: FastifyInstance, deps: AuthDeps, guards: Guards): void {
  const { db } = deps.ctx.database;

  route(app, { method: 'GET', url: '/api/admin/users', guard: guards.role('admin') }, async () =>
    listUsers(db),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/admin/user/update',
      guard: guards.role('admin'),
      body: input(adminUserUpdateRequestSchema, 'bad_request', messages.adminUpdateFailed),
      response: adminUserUpdateResponseSchema,
    },
    async ({ body }) => ({ content: await presentUser(db, await updateUserSetting(deps, body)) }),
  );
}
