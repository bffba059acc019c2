// The server tests that run a second time on the Postgres server (vitest project
// `server-postgres`, when TEST_DATABASE_URL is set). PGlite is Postgres compiled to WebAssembly,
// so a test that only checks HTTP validation, a guard, a file or a process answers the same on
// both: it runs once, on PGlite. A test runs on the server too when what it proves depends on the
// database: queries a repository writes (constraints, upserts, JSON and time columns, paging),
// transactions and row locks (`FOR UPDATE SKIP LOCKED`, advisory locks), several connections or
// nodes on one database, and the CLI's own Postgres path. docs/testing.md says why.
export const POSTGRES_PASS: readonly string[] = [
  // Accounts: unique keys, one-time tokens, sessions and their revocation.
  'apps/server/src/modules/auth/account.test.ts',
  'apps/server/src/modules/auth/google.test.ts',
  'apps/server/src/modules/auth/login.test.ts',
  'apps/server/src/modules/auth/passwordReset.test.ts',
  'apps/server/src/modules/auth/sessions.test.ts',
  'apps/server/src/modules/auth/signup.test.ts',
  'apps/server/src/modules/auth/verification.test.ts',
  'apps/server/src/modules/admin/admin.test.ts',
  'apps/server/src/modules/users/users.test.ts',
  'apps/server/src/modules/profile/profile.test.ts',
  'apps/server/src/platform/http/guards.test.ts',
  // Personal API keys: the per-user cap under a row lock, jsonb scopes, revocation by time.
  'apps/server/src/modules/apiV1/apiKeys.test.ts',
  // Text Postgres refuses that PGlite may not (NUL bytes).
  'apps/server/src/platform/nulGuard.test.ts',
  // Billing: subscription rows, proration and lifecycle over time columns.
  'apps/server/src/modules/billing/cards.test.ts',
  'apps/server/src/modules/billing/lifecycle.test.ts',
  'apps/server/src/modules/billing/plansCoupons.test.ts',
  'apps/server/src/modules/billing/proration.test.ts',
  'apps/server/src/modules/billing/resume.test.ts',
  'apps/server/src/modules/billing/stripe.test.ts',
  'apps/server/src/modules/billing/subscription.test.ts',
  'apps/server/src/modules/billing/trialOffer.test.ts',
  // Alerts: rules as JSON, the outbox and delivery claims (locks, once across workers and nodes).
  'apps/server/src/modules/alerts/alertDelivery.test.ts',
  'apps/server/src/modules/alerts/noStorm.test.ts',
  'apps/server/src/modules/alerts/delivery/worker.test.ts',
  'apps/server/src/modules/alerts/pipeline/alertsResume.test.ts',
  'apps/server/src/modules/alerts/pipeline/deliverOnce.test.ts',
  'apps/server/src/modules/alerts/push/push.test.ts',
  'apps/server/src/modules/alerts/push/pushSender.test.ts',
  'apps/server/src/modules/alerts/rules/createAlert.test.ts',
  'apps/server/src/modules/alerts/rules/editAlerts.test.ts',
  'apps/server/src/modules/alerts/rules/filteredAlerts.test.ts',
  'apps/server/src/modules/alerts/rules/ruleChanges.test.ts',
  'apps/server/src/modules/alerts/rules/saveWebhooks.test.ts',
  'apps/server/src/modules/alertHistory/alertHistory.test.ts',
  // Settings, favourites (per-trader advisory lock), popularity counters.
  'apps/server/src/modules/settings/settings.test.ts',
  'apps/server/src/modules/settings/settings.discovery-filters-and-columns.test.ts',
  'apps/server/src/modules/quotes/quotes.test.ts',
  'apps/server/src/modules/popularity/popularity.test.ts',
  // News store: three dedupe keys, updates in place, keyset paging.
  'apps/server/src/modules/news/store.test.ts',
  'apps/server/src/modules/news/ingest.test.ts',
  // Chat: the send transaction, votes, moderation, monthly figures, two nodes on one database.
  'apps/server/src/modules/chat/chat.test.ts',
  'apps/server/src/modules/chat/badges.test.ts',
  'apps/server/src/modules/chat/mentionPush.test.ts',
  'apps/server/src/modules/chat/moderation.test.ts',
  'apps/server/src/modules/chat/twoNodes.test.ts',
  'apps/server/src/platform/realtime/scaleOut.test.ts',
  // The CLI talking to Postgres directly (only meaningful there).
  'apps/server/src/**/*.postgres.test.ts',
];
