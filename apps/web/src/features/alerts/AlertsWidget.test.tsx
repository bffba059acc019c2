import { alertHistoryResponseSchema, successResponseSchema } from '@tapeline/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok } from '../../test-setup/fakeApi.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { widgetProps } from '../../test-setup/widgetProps.ts';
import { AlertsWidget } from './AlertsWidget.tsx';
import { alertsMessages, alertsText } from './alertsText.ts';

const NEWER = Date.UTC(2026, 0, 5, 15, 30);
const OLDER = Date.UTC(2026, 0, 4, 14, 0);
const HISTORY = [
  { msg: 'AAPL crossed 200.00', date: NEWER },
  { msg: 'MSFT volume spike', date: OLDER },
];

async function confirmClear(user: { click(element: Element): Promise<void> }) {
  const dialog = screen.getByRole('dialog', { name: alertsText.clearQuestion });
  await user.click(within(dialog).getByRole('button', { name: alertsText.clearConfirm }));
}

describe('AlertsWidget', () => {
  it('lists the fired alerts newest first with a count', async () => {
    fakeApi().on('GET /api/alert_history', ok(alertHistoryResponseSchema, HISTORY));
    renderUi(<AlertsWidget {...widgetProps('alerts')} />);

    const list = await screen.findByRole('list', { name: alertsText.list });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining('AAPL crossed 200.00'),
      expect.stringContaining('MSFT volume spike'),
    ]);
    expect(screen.getByText('2 alerts')).toBeInTheDocument();
  });

  it('shows beside an alert what the price did after it, and "…" for marks still to come', async () => {
    const moves = { m1: 1.2, m5: -0.5, m15: null, m30: null, close: null };
    fakeApi().on(
      'GET /api/alert_history',
      ok(alertHistoryResponseSchema, [
        { msg: 'AAPL crossed 200.00', date: NEWER, moves },
        HISTORY[1] as (typeof HISTORY)[number],
      ]),
    );
    renderUi(<AlertsWidget {...widgetProps('alerts')} />);

    const [first, second] = within(await screen.findByRole('list', { name: alertsText.list })).getAllByRole(
      'listitem',
    );
    expect(within(first as HTMLElement).getByTestId('outcome-moves').textContent).toBe(
      '1m +1.20%5m −0.50%15m …30m …close …',
    );
    expect(within(second as HTMLElement).queryByTestId('outcome-moves')).toBeNull();
  });

  it('says so when there are no alerts yet', async () => {
    fakeApi().on('GET /api/alert_history', ok(alertHistoryResponseSchema, []));
    renderUi(<AlertsWidget {...widgetProps('alerts')} />);
    expect(await screen.findByText(alertsText.empty)).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('says the history is unavailable when the API fails', async () => {
    fakeApi().on('GET /api/alert_history', fail(500, 'internal'));
    renderUi(<AlertsWidget {...widgetProps('alerts')} />);
    expect(await screen.findByText(alertsText.failed)).toBeInTheDocument();
  });

  it('opens an alert in full and goes back to the list', async () => {
    fakeApi().on('GET /api/alert_history', ok(alertHistoryResponseSchema, HISTORY));
    const { user } = renderUi(<AlertsWidget {...widgetProps('alerts')} />);

    await user.click(await screen.findByRole('button', { name: /MSFT volume spike/ }));
    const detail = screen.getByRole('article', { name: alertsText.detail });
    expect(within(detail).getByText('MSFT volume spike')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: alertsText.list })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Back/ }));
    expect(screen.getByRole('list', { name: alertsText.list })).toBeInTheDocument();
  });

  it('clears the history on the server, empties the list and confirms', async () => {
    const api = fakeApi()
      .on('GET /api/alert_history', ok(alertHistoryResponseSchema, HISTORY))
      .on('DELETE /api/alert_history', ok(successResponseSchema, { success: true }));
    const { user } = renderUi(<AlertsWidget {...widgetProps('alerts')} />);

    await screen.findByRole('list', { name: alertsText.list });
    await user.click(screen.getByRole('button', { name: alertsText.clear }));
    await confirmClear(user);

    expect(await screen.findByText(alertsMessages.cleared)).toBeInTheDocument();
    expect(screen.getByText(alertsText.empty)).toBeInTheDocument();
    expect(api.calls('DELETE /api/alert_history')).toHaveLength(1);
  });

  it('asks before clearing; Cancel keeps the history and calls nothing', async () => {
    const api = fakeApi()
      .on('GET /api/alert_history', ok(alertHistoryResponseSchema, HISTORY))
      .on('DELETE /api/alert_history', ok(successResponseSchema, { success: true }));
    const { user } = renderUi(<AlertsWidget {...widgetProps('alerts')} />);

    await screen.findByRole('list', { name: alertsText.list });
    await user.click(screen.getByRole('button', { name: alertsText.clear }));
    const dialog = screen.getByRole('dialog', { name: alertsText.clearQuestion });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(api.calls('DELETE /api/alert_history')).toHaveLength(0);
  });

  it('keeps the list and shows the spec error when clearing fails', async () => {
    fakeApi()
      .on('GET /api/alert_history', ok(alertHistoryResponseSchema, HISTORY))
      .on('DELETE /api/alert_history', fail(500, 'internal'));
    const { user } = renderUi(<AlertsWidget {...widgetProps('alerts')} />);

    await screen.findByRole('list', { name: alertsText.list });
    await user.click(screen.getByRole('button', { name: alertsText.clear }));
    await confirmClear(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(alertsMessages.clearFailed);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });
});
