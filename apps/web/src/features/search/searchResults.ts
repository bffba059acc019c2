import {
  parseSearch,
  type StockName,
  searchSymbols,
  searchUsers,
  USER_SEARCH_MIN_CHARS,
  type UsernameEntry,
} from '@tapeline/core';

export type SearchItem =
  | { kind: 'symbol'; key: string; symbol: string; name: string }
  | { kind: 'user'; key: string; id: string; username: string };

/** What the dropdown shows for the text in the box. */
export type SearchView =
  | { state: 'closed' }
  | { state: 'hint' }
  | { state: 'loading' }
  | { state: 'empty' }
  | { state: 'results'; items: SearchItem[] };

/** Lists still loading are undefined. */
export function searchView(
  text: string,
  names: readonly StockName[] | undefined,
  users: readonly UsernameEntry[] | undefined,
): SearchView {
  const search = parseSearch(text);
  if (text.trim() === '') return { state: 'closed' };
  let items: SearchItem[];
  if (search.kind === 'user') {
    if (search.query.length < USER_SEARCH_MIN_CHARS) return { state: 'hint' };
    if (!users) return { state: 'loading' };
    items = searchUsers(users, search.query).map((u) => ({
      kind: 'user',
      key: `user:${u.id}`,
      id: u.id,
      username: u.username,
    }));
  } else {
    if (!names) return { state: 'loading' };
    items = searchSymbols(names, search.query).map((n) => ({
      kind: 'symbol',
      key: `symbol:${n.s}`,
      symbol: n.s,
      name: n.n,
    }));
  }
  return items.length === 0 ? { state: 'empty' } : { state: 'results', items };
}
