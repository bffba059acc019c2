import type { AppContext } from '../../platform/context.ts';
import { createEmailTokensRepository, type EmailTokensRepository } from './emailTokensRepository.ts';
import { createLoginAddressesRepository, type LoginAddressesRepository } from './loginAddressesRepository.ts';
import { createRevocations, type Revocations } from './revocations.ts';
import { createSessionsRepository, type SessionsRepository } from './sessionsRepository.ts';
import { createUsersRepository, type UsersRepository } from './usersRepository.ts';

/** What the auth actions need: the context plus this module's repositories. */
export interface AuthDeps {
  ctx: AppContext;
  users: UsersRepository;
  emailTokens: EmailTokensRepository;
  sessions: SessionsRepository;
  loginAddresses: LoginAddressesRepository;
  /** This process's news of ended sessions, for sockets and the data host. */
  revocations: Revocations;
}

export function createAuthDeps(ctx: AppContext): AuthDeps {
  return {
    ctx,
    users: createUsersRepository(ctx.database.db),
    emailTokens: createEmailTokensRepository(ctx.database.db),
    sessions: createSessionsRepository(ctx.database.db),
    loginAddresses: createLoginAddressesRepository(ctx.database.db),
    revocations: createRevocations(),
  };
}
