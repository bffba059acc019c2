import type { Role, User } from '@tapeline/core';
import { adminText } from './adminText.ts';

export type AdminColumn = 'username' | 'email' | 'role' | 'vibe' | 'cur_posts' | 'tot_posts' | 'active';
export type SortDirection = 'asc' | 'desc';
export interface SortState {
  column: AdminColumn;
  direction: SortDirection;
}

type AdminRow = Pick<User, 'id' | 'username' | 'email' | 'role' | 'vibe' | 'cur_posts' | 'tot_posts'> & {
  subscription: { status: string } | null;
};

/** Spec §3: 'Yes' when the subscription status is active or past_due, otherwise '-'. */
export function activeLabel(subscription: { status: string } | null | undefined): 'Yes' | '-' {
  return subscription && (subscription.status === 'active' || subscription.status === 'past_due')
    ? 'Yes'
    : '-';
}

/** Spec §4: the first click on a column sorts ascending, another click toggles. */
export function nextSort(current: SortState | null, column: AdminColumn): SortState {
  if (current?.column !== column) return { column, direction: 'asc' };
  return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

const text = (value: string) => value.toLocaleLowerCase();

function compareBy(column: AdminColumn, a: AdminRow, b: AdminRow): number {
  switch (column) {
    case 'username':
      return text(a.username ?? '').localeCompare(text(b.username ?? ''));
    case 'email':
      return text(a.email).localeCompare(text(b.email));
    case 'role':
      return a.role.localeCompare(b.role);
    case 'active':
      return activeLabel(a.subscription).localeCompare(activeLabel(b.subscription));
    default:
      return a[column] - b[column];
  }
}

/**
 * The comparator for a sort state. Users without a username go last when sorting by username,
 * in either direction. Ties keep a stable order by email.
 */
export function compareUsers(sort: SortState): (a: AdminRow, b: AdminRow) => number {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return (a, b) => {
    if (sort.column === 'username') {
      const aMissing = !a.username;
      const bMissing = !b.username;
      if (aMissing !== bMissing) return aMissing ? 1 : -1;
    }
    const primary = compareBy(sort.column, a, b) * sign;
    return primary !== 0 ? primary : text(a.email).localeCompare(text(b.email));
  };
}

/** The search box: a case-insensitive match on username or email. */
export function matchesSearch(user: Pick<User, 'username' | 'email'>, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return true;
  return (
    (user.username ?? '').toLocaleLowerCase().includes(needle) ||
    user.email.toLocaleLowerCase().includes(needle)
  );
}

export function visibleUsers<T extends AdminRow>(
  users: readonly T[],
  query: string,
  sort: SortState | null,
): T[] {
  const rows = users.filter((user) => matchesSearch(user, query));
  return sort ? rows.sort(compareUsers(sort)) : rows;
}

export function roleLabel(role: Role): string {
  return adminText.role[role];
}

/** `chat` is 0 or an enabled flag (spec §3). */
export function chatIsActive(chat: number): boolean {
  return chat !== 0;
}
