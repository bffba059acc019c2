/** Interface text of the Admin tab's user table. */
export const adminText = {
  tabAdmin: 'Admin',
  /** A role's name, on the profile's badge and in the user table. */
  role: { trader: 'Trader', mod: 'Moderator', admin: 'Admin' },
  search: 'Search users',
  searchPlaceholder: 'Search by username or email',
  columns: {
    username: 'Username',
    email: 'Email',
    role: 'Status',
    vibe: 'Vibe',
    cur_posts: 'Current posts',
    tot_posts: 'Total posts',
    active: 'Active',
    actions: 'Actions',
  },
  userCount: (shown: number, total: number) =>
    shown === total ? `${total} users` : `${shown} of ${total} users`,
  chatOn: (name: string) => `Chat enabled for ${name}. Disable chat`,
  chatOff: (name: string) => `Chat disabled for ${name}. Enable chat`,
  mod: 'Mod',
  you: 'you',
  chatEnabled: 'Chat enabled',
  chatDisabled: 'Chat disabled',
  modFor: (name: string) => `Moderator: ${name}`,
  /** The chat's vip badge (docs/chat.md "Badges"). */
  vip: 'VIP',
  vipFor: (name: string) => `VIP badge: ${name}`,
  updating: 'Updating user…',
  noUsername: '—',
} as const;
