import { alertHistoryResponseSchema, successResponseSchema } from '@tapeline/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok } from '../../test-setup/fakeApi.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { widgetProps } from '../../test-setup/widgetProps.ts';
import { ALERTS_TEXT, AlertsWidget } from './AlertsWidget.tsx';
import { ALERT_HISTORY_TOASTS } from './alertHistoryApi.ts';

const NEWER = Date.UTC(2026, 0, 5, 15, 30);
const OLDER = Date.UTC(2026, 0, 4, 14, 0);
const HISTORY = [
  { msg: 'AAPL crossed 200.00', date: NEWER },
  { msg: 'MSFT volume spike', date: OLDER },
];

async function confirmClear(user: { click(element: Element): Promise<void> }) {
  const dialog = screen.getByRole('dialog', { name: ALERTS_TEXT.clearQuestion });
  await user.click(within(dialog).getByRole('button', { name: ALERTS_TEXT.clearConfirm }));
}

describe('AlertsWidget', () => {
  it('lists the fired alerts newest first with a count', async () => {
    fakeApi().on('GET /api/alert_history', ok(alertHistoryResponseSchema, HISTORY));
    renderUi(<AlertsWidget {...widgetProps('alerts')} />);

    const list = await screen.findByRole('list', { name: ALERTS_TEXT.list });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining('AAPL crossed 200.00'),
      expect.stringContaining('MSFT volume spike'),
    ]);
    expect(screen.getByText('2 alerts')).toBeInTheDocument();
  });

  it('says so when there are no alerts yet', async () => {
    fakeApi().on('GET /api/alert_history', ok(alertHistoryResponseSchema, []));
    renderUi(<AlertsWidget {...widgetProps('alerts')} />);
    expect(await screen.findByText(ALERTS_TEXT.empty)).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('says the history is unavailable when the API fails', async () => {
    fakeApi().on('GET /api/alert_history', fail(500, 'internal'));
    renderUi(<AlertsWidget {...widgetProps('alerts')} />);
    expect(await screen.findByText(ALERTS_TEXT.failed)).toBeInTheDocument();
  });

  it('opens an alert in full and goes back to the list', async () => {
    fakeApi().on('GET /api/alert_history', ok(alertHistoryResponseSchema, HISTORY));
    const { user } = renderUi(<AlertsWidget {...widgetProps('alerts')} />);

    await user.click(await screen.findByRole('button', { name: /MSFT volume spike/ }));
    const detail = screen.getByRole('article', { name: ALERTS_TEXT.detail });
    expect(within(detail).getByText('MSFT volume spike')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: ALERTS_TEXT.list })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Back/ }));
    expect(screen.getByRole('list', { name: ALERTS_TEXT.list })).toBeInTheDocument();
  });

  it('clears the history on the server, empties the list and confirms', async () => {
    const api = fakeApi()
      .on('GET /api/alert_history', ok(alertHistoryResponseSchema, HISTORY))
      .on('DELETE /api/alert_history', ok(successResponseSchema, { success: true }));
    const { user } = renderUi(<AlertsWidget {...widgetProps('alerts')} />);

    await screen.findByRole('list', { name: ALERTS_TEXT.list });
    await user.click(screen.getByRole('button', { name: ALERTS_TEXT.clear }));
    await confirmClear(user);

    expect(await screen.findByText(ALERT_HISTORY_TOASTS.cleared)).toBeInTheDocument();
    expect(screen.getByText(ALERTS_TEXT.empty)).toBeInTheDocument();
    expect(api.calls('DELETE /api/alert_history')).toHaveLength(1);
  });

  it('asks before clearing; Cancel keeps the history and calls nothing', async () => {
    const api = fakeApi()
      .on('GET /api/alert_history', ok(alertHistoryResponseSchema, HISTORY))
      .on('DELETE /api/alert_history', ok(successResponseSchema, { success: true }));
    const { user } = renderUi(<AlertsWidget {...widgetProps('alerts')} />);

    await screen.findByRole('list', { name: ALERTS_TEXT.list });
    await user.click(screen.getByRole('button', { name: ALERTS_TEXT.clear }));
    const dialog = screen.getByRole('dialog', { name: ALERTS_TEXT.clearQuestion });
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

    await screen.findByRole('list', { name: ALERTS_TEXT.list });
    await user.click(screen.getByRole('button', { name: ALERTS_TEXT.clear }));
    await confirmClear(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(ALERT_HISTORY_TOASTS.clearFailed);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });
});
