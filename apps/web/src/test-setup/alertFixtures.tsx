import {
  type AlertRule,
  type AlertsAnswer,
  alertsAnswerSchema,
  defaultConfig,
  type FilteredAlert,
  type FiredAlert,
  PROTOCOL_VERSION,
} from '@tapeline/core';
import { NotificationsTab } from '../features/notifications/index.ts';
import { SettingsProvider } from '../lib/settings/useSettings.tsx';
import { type FakeApi, ok } from './fakeApi.ts';
import { settingsApi } from './fixtures.ts';
import { renderUi } from './render.tsx';
import { signedIn, subscription, withSession } from './session.tsx';

/** A rule as GET /api/alerts answers it: a Hi/Low (trade) rule on AAPL at the default rate. */
export function alertRule(overrides: Partial<AlertRule> = {}): AlertRule {
  return { id: 1, type: 'trade', category: 'AAPL', rate: 0.1, high: null, low: null, ...overrides };
}

/** A saved filtered alert (Pro Plus). */
export function filteredAlert(overrides: Partial<FilteredAlert> = {}): FilteredAlert {
  return {
    name: 'Gappers',
    type: 'all',
    values: { gap: { min: 5, max: null } },
    sector: { min: [9] },
    timeframe: { min: '1day' },
    ...overrides,
  };
}

export const WEBHOOK_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

/** GET /api/alerts: no rules, no filters, no webhooks unless given. */
export function alertsAnswer(overrides: Partial<AlertsAnswer> = {}) {
  return ok(alertsAnswerSchema, {
    alerts: [],
    filtered_alerts: [],
    alert_webhook: {},
    webhook_secret: WEBHOOK_SECRET,
    ...overrides,
  });
}

/** A fired alert as the socket delivers it. */
export function firedAlert(id: number, overrides: Partial<FiredAlert> = {}): FiredAlert {
  return {
    v: PROTOCOL_VERSION,
    id,
    kind: 'trade',
    symbol: 'AAPL',
    msg: `AAPL new high 201.${String(id).padStart(2, '0')}`,
    time: Date.UTC(2026, 0, 5, 15, 30) + id,
    price: 201.5,
    price_dist: 1.2,
    uv: null,
    vwap: null,
    vwap_dist: null,
    zone: 'primary_high',
    ...overrides,
  };
}

/** The settings calls and GET /api/alerts (no rules unless given) answered. */
export const serveAlerts = (
  answer: { status: number; body: unknown } = alertsAnswer(),
  config = defaultConfig(),
) => settingsApi(config).on('GET /api/alerts', answer);

/** The Notifications tab for a signed-in trader on `plan`, with its settings store. */
export function renderNotifications(plan: string, api: FakeApi = serveAlerts()) {
  signedIn(api, { subscription: subscription(plan) });
  const view = renderUi(
    <SettingsProvider>
      <NotificationsTab />
    </SettingsProvider>,
    { wrap: withSession },
  );
  return { ...view, api };
}
