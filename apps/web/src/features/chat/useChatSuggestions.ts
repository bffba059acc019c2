import { searchSymbols, searchUsers } from '@tapeline/core';
import { useEffect, useMemo } from 'react';
import { useStockNames, useUsernames } from '../../lib/referenceData.ts';
import { useToast } from '../../ui/toast.tsx';
import { CHAT_MESSAGES } from './chatText.ts';

export interface Suggestion {
  key: string;
  /** What goes after the @ or $. */
  value: string;
  /** The company name of a symbol. */
  detail?: string;
}

export type SuggestionQuery = { kind: 'user' | 'symbol'; query: string } | null;

/**
 * Users (at least 3 characters, the exact name first, at most 50) or symbols for a query, from
 * the app's shared reference lists; a list that fails to load says so once per failure.
 */
export function useChatSuggestions(query: SuggestionQuery, cap = 50): Suggestion[] {
  const toast = useToast();
  const users = useUsernames();
  const names = useStockNames();
  useEffect(() => {
    if (users.errorUpdatedAt > 0) toast(CHAT_MESSAGES.usernamesFailed, { tone: 'error' });
  }, [users.errorUpdatedAt, toast]);
  useEffect(() => {
    if (names.errorUpdatedAt > 0) toast(CHAT_MESSAGES.stockNamesFailed, { tone: 'error' });
  }, [names.errorUpdatedAt, toast]);

  return useMemo(() => {
    if (!query || query.query === '') return [];
    if (query.kind === 'user') {
      return searchUsers(users.data ?? [], query.query, cap).map((u) => ({
        key: `u:${u.id}`,
        value: u.username,
      }));
    }
    return searchSymbols(names.data ?? [], query.query, cap).map((n) => ({
      key: `s:${n.s}`,
      value: n.s,
      detail: n.n,
    }));
  }, [query, users.data, names.data, cap]);
}
