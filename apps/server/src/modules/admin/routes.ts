import { adminUserUpdateRequestSchema, messages } from '@tapeline/core';
import type { FastifyInstance } from 'fastify';
import type { Guards } from '../../platform/http/guards.ts';
import { parseInput } from '../../platform/http/validate.ts';
import type { AuthDeps } from '../auth/deps.ts';
import { presentUser } from '../auth/userView.ts';
import { listUsers } from './listUsers.ts';
import { updateUserSetting } from './updateUser.ts';

/** The Admin tab's calls: admin role only, checked here and not just by hiding the tab. */
export function adminRoutes(app: FastifyInstance, deps: AuthDeps, guards: Guards): void {
  const { db } = deps.ctx.database;

  app.get('/api/admin/users', async (request) => {
    await guards.requireRole(request, 'admin');
    return listUsers(db);
  });

  app.post('/api/admin/user/update', async (request) => {
    await guards.requireRole(request, 'admin');
    const input = parseInput(
      adminUserUpdateRequestSchema,
      request.body,
      'bad_request',
      messages.adminUpdateFailed,
    );
    const user = await updateUserSetting(deps, input);
    return { content: await presentUser(db, user) };
  });
}
