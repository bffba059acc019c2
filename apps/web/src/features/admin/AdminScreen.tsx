import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type AdminUserUpdateRequest, messages, type User } from '@tapeline/core';
import { useId, useMemo, useRef, useState } from 'react';
import { useUser } from '../../app/session.tsx';
import { FormMessage } from '../../ui/FormMessage.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useToast } from '../../ui/toast.tsx';
import { adminApi, adminKeys } from './adminApi.ts';
import {
  type AdminColumn,
  activeLabel,
  chatIsActive,
  nextSort,
  roleLabel,
  type SortState,
  visibleUsers,
} from './adminRules.ts';
import { adminText } from './adminText.ts';
import './admin.css';
import { ArrowUpDown } from '../../ui/icons.ts';

/** Spec §9: row height 65, header 50. */
export const ROW_HEIGHT = 65;
export const HEADER_HEIGHT = 50;
const VISIBLE_ROWS = 10;

const COLUMNS: readonly { key: AdminColumn | 'actions'; label: string; numeric?: boolean }[] = [
  { key: 'username', label: adminText.columns.username },
  { key: 'email', label: adminText.columns.email },
  { key: 'role', label: adminText.columns.role },
  { key: 'vibe', label: adminText.columns.vibe, numeric: true },
  { key: 'cur_posts', label: adminText.columns.cur_posts, numeric: true },
  { key: 'tot_posts', label: adminText.columns.tot_posts, numeric: true },
  { key: 'active', label: adminText.columns.active },
  { key: 'actions', label: adminText.columns.actions },
];

/** Spec §2 Admin tab: the sortable, virtualised user table with chat, mod and VIP toggles. */
export function AdminScreen() {
  const users = useQuery({ queryKey: adminKeys.users, queryFn: adminApi.users });
  return (
    <>
      <h2>{adminText.tabAdmin}</h2>
      {users.isPending ? (
        <Spinner />
      ) : users.isError ? (
        <FormMessage error={messages.userListFailed} />
      ) : (
        <UserTable users={users.data} />
      )}
    </>
  );
}

function UserTable({ users }: { users: User[] }) {
  const me = useUser();
  const queryClient = useQueryClient();
  const toast = useToast();
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<SortState | null>(null);
  const scrollRef = useRef<HTMLDivElement>(null);

  const rows = useMemo(() => visibleUsers(users, query, sort), [users, query, sort]);

  const update = useMutation({
    mutationFn: adminApi.update,
    onSuccess: (updated) => {
      queryClient.setQueryData<User[]>(adminKeys.users, (list) =>
        list?.map((user) => (user.id === updated.id ? updated : user)),
      );
      toast(messages.adminUpdated, { tone: 'success' });
    },
    onError: () => toast(messages.adminUpdateFailed, { tone: 'error' }),
  });
  const busy = update.isPending;
  // Spec §4: only one update runs at a time.
  const change = (request: AdminUserUpdateRequest) => {
    if (!busy) update.mutate(request);
  };

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
  });

  const bodyHeight = Math.max(rows.length, 1) * ROW_HEIGHT;
  const height = HEADER_HEIGHT + Math.min(bodyHeight, VISIBLE_ROWS * ROW_HEIGHT);

  return (
    <div className="admin">
      <div className="admin-toolbar">
        <label htmlFor={searchId} className="visually-hidden">
          {adminText.search}
        </label>
        <input
          id={searchId}
          type="search"
          className="input admin-search"
          placeholder={adminText.searchPlaceholder}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <span className="muted admin-count">{adminText.userCount(rows.length, users.length)}</span>
      </div>
      <div className="admin-table-wrap" aria-busy={busy}>
        <div ref={scrollRef} className="admin-scroll" style={{ height }}>
          <table className="admin-table" aria-label={adminText.tabAdmin} aria-rowcount={rows.length + 1}>
            <thead className="admin-head">
              <tr className="admin-row" style={{ height: HEADER_HEIGHT }} aria-rowindex={1}>
                {COLUMNS.map((column) => {
                  if (column.key === 'actions') {
                    return (
                      <th key={column.key} scope="col" className="admin-cell">
                        {column.label}
                      </th>
                    );
                  }
                  const key = column.key;
                  const sorted = sort?.column === key ? sort.direction : null;
                  return (
                    <th
                      key={key}
                      scope="col"
                      className={`admin-cell${column.numeric ? ' num' : ''}`}
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
                    >
                      <button
                        type="button"
                        className="sort-button"
                        onClick={() => setSort((s) => nextSort(s, key))}
                      >
                        {column.label}
                        <span className="sort-mark" aria-hidden="true">
                          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : <ArrowUpDown size={12} />}
                        </span>
                      </button>
                    </th>
                  );
                })}
              </tr>
            </thead>
            {rows.length === 0 ? (
              <tbody className="admin-body-empty">
                <tr className="admin-empty" style={{ height: ROW_HEIGHT }}>
                  <td colSpan={COLUMNS.length}>{messages.noResults}</td>
                </tr>
              </tbody>
            ) : (
              <tbody className="admin-body" style={{ height: virtualizer.getTotalSize() }}>
                {virtualizer.getVirtualItems().map((item) => {
                  const user = rows[item.index];
                  if (!user) return null;
                  return (
                    <UserRow
                      key={user.id}
                      user={user}
                      index={item.index}
                      top={item.start}
                      busy={busy}
                      isMe={user.id === me.id}
                      onChange={change}
                    />
                  );
                })}
              </tbody>
            )}
          </table>
        </div>
        {busy ? (
          <div className="admin-overlay" data-testid="admin-updating">
            <Spinner label={adminText.updating} />
          </div>
        ) : null}
      </div>
    </div>
  );
}

function UserRow({
  user,
  index,
  top,
  busy,
  isMe,
  onChange,
}: {
  user: User;
  index: number;
  top: number;
  busy: boolean;
  isMe: boolean;
  onChange: (request: AdminUserUpdateRequest) => void;
}) {
  const name = user.username || user.email;
  const chatOn = chatIsActive(user.chat);
  const isMod = user.role === 'mod';
  // An admin's role is not a mod toggle: turning it off would demote an admin to trader.
  const modLocked = user.role === 'admin';
  return (
    <tr
      className="admin-row"
      aria-rowindex={index + 2}
      data-testid="admin-row"
      data-email={user.email}
      style={{ height: ROW_HEIGHT, transform: `translateY(${top}px)` }}
    >
      <td className="admin-cell admin-username">
        {user.username || <span className="muted">{adminText.noUsername}</span>}
        {isMe ? <span className="you-tag">{adminText.you}</span> : null}
      </td>
      <td className="admin-cell admin-email" title={user.email}>
        {user.email}
      </td>
      <td className="admin-cell">
        <span className={`role-badge role-${user.role}`}>{roleLabel(user.role)}</span>
      </td>
      <td className="admin-cell num">{user.vibe}</td>
      <td className="admin-cell num">{user.cur_posts}</td>
      <td className="admin-cell num">{user.tot_posts}</td>
      <td className="admin-cell">{activeLabel(user.subscription)}</td>
      <td className="admin-cell admin-actions">
        <button
          type="button"
          className={`chat-toggle${chatOn ? ' on' : ' off'}`}
          aria-pressed={chatOn}
          aria-label={chatOn ? adminText.chatOn(name) : adminText.chatOff(name)}
          title={chatOn ? adminText.chatEnabled : adminText.chatDisabled}
          disabled={busy}
          onClick={() => onChange({ uid: user.id, field: 'chat', value: !chatOn })}
        >
          {chatOn ? <CheckIcon /> : <BanIcon />}
        </button>
        <RowSwitch
          label={adminText.mod}
          name={adminText.modFor(name)}
          on={isMod || modLocked}
          locked={modLocked}
          busy={busy}
          onToggle={() => onChange({ uid: user.id, field: 'role', value: !isMod })}
        />
        <RowSwitch
          label={adminText.vip}
          name={adminText.vipFor(name)}
          on={user.vip}
          busy={busy}
          onToggle={() => onChange({ uid: user.id, field: 'vip', value: !user.vip })}
        />
      </td>
    </tr>
  );
}

/** A labelled switch in a user's row (Mod, VIP); a locked one shows its state and cannot change. */
function RowSwitch(p: {
  label: string;
  name: string;
  on: boolean;
  locked?: boolean;
  busy: boolean;
  onToggle: () => void;
}) {
  return (
    <label className={`mod-toggle${p.locked ? ' locked' : ''}`}>
      <input
        type="checkbox"
        role="switch"
        aria-checked={p.on}
        checked={p.on}
        disabled={p.busy || p.locked}
        aria-label={p.name}
        onChange={p.onToggle}
      />
      <span className="switch-track" aria-hidden="true" />
      <span className="mod-label">{p.label}</span>
    </label>
  );
}

function CheckIcon() {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
      <path
        d="M4 10.5l4 4 8-9"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function BanIcon() {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
      <circle cx="10" cy="10" r="7" fill="none" stroke="currentColor" strokeWidth="2.2" />
      <path d="M5 15L15 5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}
