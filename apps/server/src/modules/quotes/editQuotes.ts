import { type QuotesEditAnswer, type QuotesEditRequest, quoteMessages } from '@tapeline/core';
import type { FastifyReply } from 'fastify';
import type { QuotesDeps } from './deps.ts';
import { withFigures } from './listQuotes.ts';

/**
 * POST /api/quotes: deletes, then adds, judged by core's planQuoteEdit inside the trader's lock.
 * Blanks only → 400 `empty_symbol`; past 75 → 400 `overflow` with the list unchanged; both bodies
 * keep the answer's shape so the client reads one form. A change moves the trader's live-price
 * rooms and tells the rule publisher (the `fav` category).
 */
export async function editQuotes(
  deps: QuotesDeps,
  userId: string,
  body: QuotesEditRequest,
  reply: FastifyReply,
): Promise<QuotesEditAnswer | FastifyReply> {
  // Before the lock: the universe may ask the engine (a 503 when it is there but silent).
  const known = await deps.universe.symbols();
  const isListed = known ? (symbol: string) => known.has(symbol) : () => true;
  const { plan, list } = await deps.quotes.edit(
    userId,
    body.adds,
    body.deletes,
    isListed,
    new Date(deps.clock.now()),
  );
  if (plan.kind === 'empty') {
    const data = await withFigures(deps, list);
    return reply.code(400).send({
      success: false,
      overflow: false,
      data,
      invalids: [],
      duplicates: [],
      error: 'empty_symbol',
      message: quoteMessages.emptySymbol,
    } satisfies QuotesEditAnswer);
  }
  if (plan.kind === 'overflow') {
    const data = await withFigures(deps, list);
    return reply.code(400).send({
      success: false,
      overflow: true,
      data,
      invalids: plan.invalids,
      duplicates: plan.duplicates,
      error: 'overflow',
      message: quoteMessages.overLimit,
    } satisfies QuotesEditAnswer);
  }
  const removed = plan.removed.filter((s) => !plan.list.includes(s));
  const added = plan.added.filter((s) => !plan.removed.includes(s));
  if (removed.length > 0 || added.length > 0) {
    deps.favoritesChanged(userId);
    await moveRooms(deps, userId, added, removed);
  }
  return {
    success: true,
    overflow: false,
    data: await withFigures(deps, list),
    invalids: plan.invalids,
    duplicates: plan.duplicates,
    error: null,
  };
}

/** Rooms are a convenience: a failure there (the adapter's Redis) must not fail a saved edit. */
export async function moveRooms(
  deps: QuotesDeps,
  userId: string,
  added: readonly string[],
  removed: readonly string[],
): Promise<void> {
  try {
    await deps.rooms.changed(userId, added, removed);
  } catch (error) {
    deps.log.warn({ err: error, userId }, 'quotes: live-price rooms not moved');
  }
}
