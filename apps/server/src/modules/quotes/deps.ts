import type { Clock } from '../../platform/clock.ts';
import type { Log } from '../../platform/log.ts';
import type { SymbolUniverse } from '../settings/symbolUniverse.ts';
import type { QuotesEngine } from './figures.ts';
import type { QuotesRepository } from './repository.ts';

/** The live-price rooms of a trader's sockets (liveQuotes.ts), moved after an add or delete. */
export interface QuoteRooms {
  changed(userId: string, added: readonly string[], removed: readonly string[]): Promise<void>;
}

/** What the quote actions need, built once by the routes (routes.ts). */
export interface QuotesDeps {
  quotes: QuotesRepository;
  /** The market's listed symbols; an added symbol must be one when the market lists any. */
  universe: SymbolUniverse;
  engine: QuotesEngine;
  rooms: QuoteRooms;
  /** The alert rule publisher: the `fav` category watches the favourites (not told on reorder or pin). */
  favoritesChanged(userId: string): void;
  clock: Clock;
  log: Log;
}
