import type { AppContext } from '../../platform/context.ts';
import { createEmailTokensRepository, type EmailTokensRepository } from './emailTokensRepository.ts';
import { createUsersRepository, type UsersRepository } from './usersRepository.ts';

/** What the auth actions need: the context plus this module's repositories. */
export interface AuthDeps {
  ctx: AppContext;
  users: UsersRepository;
  emailTokens: EmailTokensRepository;
}

export function createAuthDeps(ctx: AppContext): AuthDeps {
  return {
    ctx,
    users: createUsersRepository(ctx.database.db),
    emailTokens: createEmailTokensRepository(ctx.database.db),
  };
}
