import {
  alertsAnswerSchema,
  type DiscoverySettings,
  settingsResponseSchema,
  successResponseSchema,
} from '@tapeline/core';
import { screen, within } from '@testing-library/react';
import { type FakeApi, fakeApi, ok } from '../../../../test-setup/fakeApi.ts';
import { renderUi } from '../../../../test-setup/render.tsx';
import { signedIn, subscription, withSession } from '../../../../test-setup/session.tsx';
import { DiscoveryFilterPicker } from '../DiscoveryFilterPicker.tsx';
import type { NamedFilter } from '../discoveryFiltersApi.ts';
import { filtersText } from '../filtersText.ts';

/** Two saved filters, Gappers selected. */
export const savedSet = (): DiscoverySettings => ({
  filters: {
    Gappers: { type: 'all', values: { gap: { min: 5, max: null } } },
    Runners: { type: 'any', values: { price_dist: { min: 3 } } },
  },
  selected: 'Gappers',
});

/** GET /api/settings with `discovery` as saved text (null: never saved), saves answered. */
export function serveFilters(discovery: DiscoverySettings | string | null = savedSet()): FakeApi {
  return fakeApi()
    .on(
      'GET /api/settings',
      ok(settingsResponseSchema, {
        success: true,
        config: null,
        layout: null,
        discovery:
          typeof discovery === 'string' || discovery === null ? discovery : JSON.stringify(discovery),
      }),
    )
    .on('POST /api/settings/discovery', ok(successResponseSchema, { success: true }))
    .on(
      'GET /api/alerts',
      ok(alertsAnswerSchema, {
        alerts: [],
        filtered_alerts: [],
        alert_webhook: {},
        webhook_secret: 'whsec_x',
      }),
    );
}

/** The self-contained picker for a signed-in trader on `plan`, recording what it applies. */
export function renderPicker(plan = 'pro', api: FakeApi = serveFilters()) {
  signedIn(api, { subscription: subscription(plan) });
  const applied: (NamedFilter | null)[] = [];
  const view = renderUi(
    <DiscoveryFilterPicker
      onApply={(f) => applied.push(f)}
      alertContext={{ sectors: [9], timeframe: '1hr' }}
    />,
    { wrap: withSession },
  );
  return { ...view, api, applied };
}

export const modal = () => within(screen.getByTestId('smart-filter-modal'));
export const toggle = () => screen.findByRole('button', { name: new RegExp(`^${filtersText.pickerLabel}:`) });
export const menu = () => within(screen.getByRole('list', { name: filtersText.pickerMenu }));
