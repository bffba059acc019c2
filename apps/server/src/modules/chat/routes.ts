import {
  chatChannelParamsSchema,
  chatChannelsAnswerSchema,
  chatMessagesAnswerSchema,
  chatMessagesQuerySchema,
} from '@tapeline/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { Guards, Principal } from '../../platform/http/guards.ts';
import { route } from '../../platform/http/route.ts';
import { input } from '../../platform/http/validate.ts';
import { listChannels } from './listChannels.ts';
import { listMessages } from './listMessages.ts';
import type { ChatRepository } from './repository.ts';

/** The chat calls of discovery spec §7 (docs/chat.md "REST"): subscribers, counted as reads. */
export function chatRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  guards: Guards,
  repository: ChatRepository,
): void {
  const read = ({ user }: Principal) => ctx.limiter.consume('newsRead', user.id);

  route(
    app,
    {
      method: 'GET',
      url: '/api/chat/channels',
      guard: guards.subscriber,
      afterGuard: read,
      response: chatChannelsAnswerSchema,
    },
    async () => listChannels(repository),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/chat/:channel/messages',
      guard: guards.subscriber,
      afterGuard: read,
      params: input(chatChannelParamsSchema),
      query: input(chatMessagesQuerySchema),
      response: chatMessagesAnswerSchema,
    },
    async ({ principal, params, query }) =>
      listMessages({ repository, clock: ctx.clock }, principal.user.id, params.channel, query),
  );
}
