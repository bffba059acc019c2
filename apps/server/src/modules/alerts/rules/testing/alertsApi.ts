import type { AlertRule } from '@tapeline/core';
import type { TestApp } from '../../../../test/testApp.ts';

// The rule calls as the dashboard makes them, for the rules tests.

// Friday 2026-11-20, 09:30 New York: a regular session the hand-fed engine starts in.
export const OPEN = Date.UTC(2026, 10, 20, 14, 30);
export const MANUAL_FEED = `manual:${new Date(OPEN).toISOString()}`;

/** One print, as the manual feed reads it. */
export const trade = (sym: string, price: number, minute = 0, size = 100) =>
  JSON.stringify({ type: 'trade', sym, price, size, ts: OPEN + minute * 60_000 });

/** Hands the app's engine prints: the symbols become listed and get Discovery rows. */
export function feed(app: TestApp, lines: string[]): void {
  const engine = app.app.market.engine;
  if (!engine) throw new Error('this app runs no engine');
  engine.push(lines);
}

export type ListAnswer = { success: true; data: { list: AlertRule[] } };

export function alertsApi(app: TestApp) {
  return {
    list: (token: string) => app.call('GET', '/api/alerts', { token }),
    create: (token: string, body: unknown) => app.call<ListAnswer>('POST', '/api/alerts', { token, body }),
    update: (token: string, id: number | string, body: unknown) =>
      app.call<ListAnswer>('PUT', `/api/alerts/${id}`, { token, body }),
    remove: (token: string, id: number | string) => app.call('DELETE', `/api/alerts/${id}`, { token }),
    halt: (token: string, type: unknown) => app.call('POST', '/api/alerts/halt', { token, body: { type } }),
    saveFiltered: (token: string, filtered_alerts: unknown) =>
      app.call('POST', '/api/alerts/filtered-alerts', { token, body: { filtered_alerts } }),
    validate: (token: string, content: unknown) =>
      app.call('POST', '/api/alerts/filtered-alert/validate', { token, body: { content } }),
    saveWebhooks: (token: string, alert_webhook: unknown) =>
      app.call('POST', '/api/alerts/webhook', { token, body: { alert_webhook } }),
    /** The caller's rules as GET /api/alerts lists them. */
    async rules(token: string): Promise<AlertRule[]> {
      const res = await app.call<{ alerts: AlertRule[] }>('GET', '/api/alerts', { token });
      if (res.status !== 200) throw new Error(`GET /api/alerts answered ${res.status}`);
      return res.body.alerts;
    },
  };
}
