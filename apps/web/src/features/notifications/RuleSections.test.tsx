import {
  ALERT_RULES_MAX,
  type AlertRule,
  alertDeleteAnswerSchema,
  alertListAnswerSchema,
  alertMessages,
} from '@tapeline/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  alertRule,
  alertsAnswer,
  renderNotifications,
  serveAlerts,
} from '../../test-setup/alertFixtures.tsx';
import { fail, ok } from '../../test-setup/fakeApi.ts';
import { rateStops } from '../../ui/rateScale.ts';
import { backtestDialog } from '../alertLab/index.ts';
import { notificationsText as text } from './notificationsText.ts';

const list = (rules: AlertRule[]) => ok(alertListAnswerSchema, { success: true, data: { list: rules } });
const region = (name: string) => within(screen.getByRole('region', { name }));
const AAPL = alertRule({ id: 1, category: 'AAPL', rate: 0.1 });
const MSFT = alertRule({ id: 2, category: 'MSFT', rate: 0.5 });

/** Moves a rate slider to the stop holding `rate`. */
function slide(name: string, type: AlertRule['type'] & ('trade' | 'uv' | 'vwap' | 'price'), rate: number) {
  const position = rateStops(type).indexOf(rate);
  if (position < 0) throw new Error(`${rate} is not a stop`);
  fireEvent.change(screen.getByRole('slider', { name }), { target: { value: String(position) } });
}

describe('per-symbol alerts: adding (§8 toasts)', () => {
  it('adds a symbol at the type’s default rate and lists it', async () => {
    const added = alertRule({ id: 5, type: 'uv', category: 'TSLA', rate: 20 });
    const api = serveAlerts().on('POST /api/alerts', list([added]));
    const { user } = renderNotifications('pro', api);
    const uv = await screen.findByRole('region', { name: text.sections.uv });

    await user.type(within(uv).getByRole('textbox', { name: text.addSymbolTo(text.sections.uv) }), 'tsla');
    await user.click(within(uv).getByRole('button', { name: text.addSymbol }));

    expect(await screen.findByText(alertMessages.added('Unusual volume', 'TSLA'))).toBeInTheDocument();
    expect(api.calls('POST /api/alerts')[0]?.body).toEqual({ category: 'TSLA', type: 'uv', rate: 20 });
    expect(within(uv).getByRole('list', { name: text.sections.uv })).toHaveTextContent('TSLA');
    expect(within(uv).getByRole('textbox', { name: text.addSymbolTo(text.sections.uv) })).toHaveValue('');
  });

  it('says the alert is already registered on a 409, and fails to register otherwise', async () => {
    const api = serveAlerts().on('POST /api/alerts', fail(409, 'conflict'));
    const { user } = renderNotifications('pro', api);
    const field = await screen.findByRole('textbox', { name: text.addSymbolTo(text.sections.highLow) });
    await user.type(field, 'AAPL');
    await user.click(region(text.sections.highLow).getByRole('button', { name: text.addSymbol }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Trade alert for AAPL is already registered!');

    api.on('POST /api/alerts', fail(500, 'internal'));
    const vwap = region(text.sections.vwap);
    await user.type(vwap.getByRole('textbox', { name: text.addSymbolTo(text.sections.vwap) }), 'MSFT');
    await user.click(vwap.getByRole('button', { name: text.addSymbol }));
    expect(await screen.findByText('Failed to register vWAPDist alert for MSFT')).toBeInTheDocument();

    api.on('POST /api/alerts', fail(400, 'limit_exceeded', alertMessages.rulesLimit(ALERT_RULES_MAX)));
    await user.clear(vwap.getByRole('textbox', { name: text.addSymbolTo(text.sections.vwap) }));
    await user.type(vwap.getByRole('textbox', { name: text.addSymbolTo(text.sections.vwap) }), 'NVDA');
    await user.click(vwap.getByRole('button', { name: text.addSymbol }));
    expect(await screen.findByText(alertMessages.rulesLimit(ALERT_RULES_MAX))).toBeInTheDocument();
  });

  it('refuses what is not a symbol before asking the server', async () => {
    const { user, api } = renderNotifications('pro');
    const field = await screen.findByRole('textbox', { name: text.addSymbolTo(text.sections.highLow) });
    await user.type(field, 'popular');
    await user.click(region(text.sections.highLow).getByRole('button', { name: text.addSymbol }));
    expect(await screen.findByText(text.symbolInvalid('POPULAR'))).toBeInTheDocument();
    expect(api.calls('POST /api/alerts')).toHaveLength(0);
  });
});

describe('per-symbol alerts: editing one at a time (§4)', () => {
  it('Cancel puts the rate back and sends nothing', async () => {
    const { user, api } = renderNotifications(
      'standard',
      serveAlerts(alertsAnswer({ alerts: [AAPL, MSFT] })),
    );
    await user.click(await screen.findByRole('button', { name: text.editOf('AAPL') }));
    slide(text.rateOf('AAPL'), 'trade', 2);
    expect(screen.getByRole('slider', { name: text.rateOf('AAPL') })).toHaveAttribute(
      'aria-valuetext',
      '$2.00',
    );

    await user.click(screen.getByRole('button', { name: text.cancel }));
    expect(screen.queryByRole('slider', { name: text.rateOf('AAPL') })).not.toBeInTheDocument();
    const row = screen.getByRole('button', { name: text.editOf('AAPL') }).closest('li') as HTMLElement;
    expect(row).toHaveTextContent('$0.10');
    await user.click(screen.getByRole('button', { name: text.editOf('AAPL') }));
    expect(screen.getByRole('slider', { name: text.rateOf('AAPL') })).toHaveAttribute(
      'aria-valuetext',
      '$0.10',
    );
    expect(api.calls('PUT /api/alerts/1')).toHaveLength(0);
  });

  it('starting another edit restores the first row', async () => {
    const { user } = renderNotifications('standard', serveAlerts(alertsAnswer({ alerts: [AAPL, MSFT] })));
    await user.click(await screen.findByRole('button', { name: text.editOf('AAPL') }));
    slide(text.rateOf('AAPL'), 'trade', 5);

    await user.click(screen.getByRole('button', { name: text.editOf('MSFT') }));
    expect(screen.queryByRole('slider', { name: text.rateOf('AAPL') })).not.toBeInTheDocument();
    expect(screen.getByRole('slider', { name: text.rateOf('MSFT') })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: text.editOf('AAPL') }));
    expect(screen.getByRole('slider', { name: text.rateOf('AAPL') })).toHaveAttribute(
      'aria-valuetext',
      '$0.10',
    );
  });

  it('a Hi/Low step switched to percent is sent with its unit and listed as a percent', async () => {
    const api = serveAlerts(alertsAnswer({ alerts: [AAPL, MSFT] })).on(
      'PUT /api/alerts/1',
      list([{ ...AAPL, rate: 1, unit: 'percent' }, MSFT]),
    );
    const { user } = renderNotifications('standard', api);
    await user.click(await screen.findByRole('button', { name: text.editOf('AAPL') }));
    const units = screen.getByRole('radiogroup', { name: text.stepUnitOf('AAPL') });
    await user.click(within(units).getByRole('radio', { name: /percent/ }));
    expect(screen.getByRole('slider', { name: text.rateOf('AAPL') })).toHaveAttribute('aria-valuetext', '1%');
    await user.click(screen.getByRole('button', { name: text.save }));
    expect(await screen.findByText(alertMessages.updated('AAPL'))).toBeInTheDocument();
    expect(api.calls('PUT /api/alerts/1')[0]?.body).toEqual({ category: 'AAPL', rate: 1, unit: 'percent' });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: text.editOf('AAPL') }).closest('li')).toHaveTextContent('1%'),
    );
  });

  it('Save sends the new rate and says the alert is updated', async () => {
    const api = serveAlerts(alertsAnswer({ alerts: [AAPL, MSFT] })).on(
      'PUT /api/alerts/1',
      list([{ ...AAPL, rate: 2 }, MSFT]),
    );
    const { user } = renderNotifications('standard', api);
    await user.click(await screen.findByRole('button', { name: text.editOf('AAPL') }));
    slide(text.rateOf('AAPL'), 'trade', 2);
    await user.click(screen.getByRole('button', { name: text.save }));

    expect(await screen.findByText(alertMessages.updated('AAPL'))).toBeInTheDocument();
    expect(api.calls('PUT /api/alerts/1')[0]?.body).toEqual({ category: 'AAPL', rate: 2 });
    await waitFor(() =>
      expect(screen.queryByRole('slider', { name: text.rateOf('AAPL') })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: text.editOf('AAPL') }).closest('li')).toHaveTextContent(
      '$2.00',
    );
  });

  it('a Price alert saves its optional bounds, checked first', async () => {
    const SPY = alertRule({ id: 3, type: 'price', category: 'SPY', rate: 2 });
    const api = serveAlerts(alertsAnswer({ alerts: [SPY] })).on(
      'PUT /api/alerts/3',
      list([{ ...SPY, low: 400, high: 450 }]),
    );
    const { user } = renderNotifications('pro', api);
    await user.click(await screen.findByRole('button', { name: text.editOf('SPY') }));
    await user.type(screen.getByRole('textbox', { name: text.lowOf('SPY') }), '460');
    await user.type(screen.getByRole('textbox', { name: text.highOf('SPY') }), '450');
    await user.click(screen.getByRole('button', { name: text.save }));
    expect(await screen.findByText(alertMessages.boundsInverted)).toBeInTheDocument();
    expect(api.calls('PUT /api/alerts/3')).toHaveLength(0);

    await user.clear(screen.getByRole('textbox', { name: text.lowOf('SPY') }));
    await user.type(screen.getByRole('textbox', { name: text.lowOf('SPY') }), '400');
    await user.click(screen.getByRole('button', { name: text.save }));
    expect(await screen.findByText(alertMessages.updated('SPY'))).toBeInTheDocument();
    expect(api.calls('PUT /api/alerts/3')[0]?.body).toEqual({
      category: 'SPY',
      rate: 2,
      high: 450,
      low: 400,
    });
  });

  it('says which symbol failed to update or delete', async () => {
    const api = serveAlerts(alertsAnswer({ alerts: [AAPL] }))
      .on('PUT /api/alerts/1', fail(500, 'internal'))
      .on('DELETE /api/alerts/1', fail(500, 'internal'));
    const { user } = renderNotifications('standard', api);
    await user.click(await screen.findByRole('button', { name: text.editOf('AAPL') }));
    await user.click(screen.getByRole('button', { name: text.save }));
    expect(await screen.findByText(alertMessages.updateFailed('AAPL'))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: text.deleteOf('AAPL') }));
    expect(await screen.findByText(alertMessages.deleteFailed('AAPL'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: text.editOf('AAPL') })).toBeInTheDocument();
  });

  it('deletes a row', async () => {
    const api = serveAlerts(alertsAnswer({ alerts: [AAPL, MSFT] })).on(
      'DELETE /api/alerts/2',
      ok(alertDeleteAnswerSchema, { success: true, data: [AAPL] }),
    );
    const { user } = renderNotifications('standard', api);
    await user.click(await screen.findByRole('button', { name: text.deleteOf('MSFT') }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: text.editOf('MSFT') })).not.toBeInTheDocument(),
    );
    expect(api.calls('DELETE /api/alerts/2')).toHaveLength(1);
  });
});

describe('High/Low stream categories', () => {
  it('turns a category on at its slider’s rate, then saves rate changes after the slider rests', async () => {
    const on = alertRule({ id: 7, category: 'primary_high', rate: 0.5 });
    const api = serveAlerts()
      .on('POST /api/alerts', list([on]))
      .on('PUT /api/alerts/7', list([{ ...on, rate: 1 }]));
    const { user } = renderNotifications('standard', api);
    const name = text.streamCategories.primary_high;
    await screen.findByRole('switch', { name });
    slide(text.rateOf(name), 'trade', 0.5);
    await user.click(screen.getByRole('switch', { name }));

    expect(await screen.findByText(alertMessages.added('Hi/low', name))).toBeInTheDocument();
    expect(api.calls('POST /api/alerts')[0]?.body).toEqual({
      category: 'primary_high',
      type: 'trade',
      rate: 0.5,
    });
    await waitFor(() => expect(screen.getByRole('switch', { name })).toBeChecked());

    slide(text.rateOf(name), 'trade', 1);
    await waitFor(() => expect(api.calls('PUT /api/alerts/7')).toHaveLength(1));
    expect(api.calls('PUT /api/alerts/7')[0]?.body).toEqual({ category: 'primary_high', rate: 1 });
  });
});

describe('per-symbol alerts: Backtest', () => {
  it('backtests a percent Hi/Low step as a percent (the rule as stored, its unit included)', async () => {
    const pct = alertRule({ id: 7, category: 'NVDA', rate: 1, unit: 'percent' });
    const api = serveAlerts().on('GET /api/alerts', alertsAnswer({ alerts: [pct] }));
    const { user } = renderNotifications('pro', api);
    await user.click(await screen.findByRole('button', { name: text.backtestOf('NVDA Hi/low') }));
    expect(backtestDialog.current()).toEqual({
      rule: {
        kind: 'symbol',
        rule: { type: 'trade', category: 'NVDA', rate: 1, high: pct.high, low: pct.low, unit: 'percent' },
      },
      title: 'NVDA Hi/low',
    });
    backtestDialog.close();
  });
});
