import { type AlertRule, alertListAnswerSchema, alertMessages } from '@tapeline/core';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { addAlertDialog } from '../../lib/alerts/addAlertDialog.ts';
import { alertRule } from '../../test-setup/alertFixtures.tsx';
import { type FakeApi, fail, fakeApi, ok, withDataHost } from '../../test-setup/fakeApi.ts';
import { configAnswer } from '../../test-setup/fixtures.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { signedIn, subscription, withSession } from '../../test-setup/session.tsx';
import { notificationsText as text } from '../notifications/index.ts';
import { overlays, SymbolLink, SymbolOverlays, symbolText } from '../symbols/index.ts';
import { AddAlertHost } from './AddAlertDialog.tsx';
import { AddAlertSlot } from './AddAlertSlot.tsx';

const list = (rules: AlertRule[]) => ok(alertListAnswerSchema, { success: true, data: { list: rules } });

function renderDialog(plan: string, api: FakeApi = fakeApi()) {
  signedIn(api, { subscription: subscription(plan) });
  const view = renderUi(<AddAlertHost />, { wrap: withSession });
  return { ...view, api };
}

async function openFor(symbol: string) {
  addAlertDialog.open(symbol);
  return within(await screen.findByTestId('add-alert-dialog'));
}

afterEach(() => {
  addAlertDialog.close();
  overlays.close();
});

describe('Add alert dialog', () => {
  it('Standard: Hi/Low only, the Pro types labelled and disabled', async () => {
    renderDialog('standard');
    const d = await openFor('TSLA');
    expect(d.getByRole('radio', { name: text.typeLabels.trade })).toBeChecked();
    for (const type of ['uv', 'vwap', 'price'] as const) {
      const radio = d.getByRole('radio', { name: new RegExp(text.typeLabels[type]) });
      expect(radio).toBeDisabled();
      expect(radio.closest('label')).toHaveTextContent('PRO ONLY');
    }
  });

  it('adds a Hi/Low alert at the default rate, says so and closes', async () => {
    const api = fakeApi().on('POST /api/alerts', list([alertRule({ id: 4, category: 'TSLA' })]));
    const { user } = renderDialog('standard', api);
    const d = await openFor('TSLA');
    expect(d.getByRole('slider', { name: text.rateOf('TSLA') })).toHaveAttribute('aria-valuetext', '$0.10');
    await user.click(d.getByRole('button', { name: text.add }));

    expect(await screen.findByText(alertMessages.added('Trade', 'TSLA'))).toBeInTheDocument();
    expect(api.calls('POST /api/alerts')[0]?.body).toEqual({ category: 'TSLA', type: 'trade', rate: 0.1 });
    await waitFor(() => expect(screen.getByTestId('add-alert-dialog')).not.toHaveAttribute('open'));
  });

  it('a Hi/Low step may be a percent: % starts at 1 % on its own scale and is sent with the unit', async () => {
    const api = fakeApi().on(
      'POST /api/alerts',
      list([alertRule({ id: 4, category: 'TSLA', rate: 1, unit: 'percent' })]),
    );
    const { user } = renderDialog('standard', api);
    const d = await openFor('TSLA');
    const slider = d.getByRole('slider', { name: text.rateOf('TSLA') });
    const units = d.getByRole('radiogroup', { name: text.stepUnitOf('TSLA') });
    expect(within(units).getByRole('radio', { name: /dollars/ })).toBeChecked();
    await user.click(within(units).getByRole('radio', { name: /percent/ }));
    expect(slider).toHaveAttribute('aria-valuetext', '1%');
    expect(d.getByText(text.rateHintPercent)).toBeInTheDocument();
    await user.click(d.getByRole('button', { name: text.add }));
    // A percent step is what the table's menu calls Hi/low (docs/decisions.md).
    expect(await screen.findByText(alertMessages.added('Hi/low', 'TSLA'))).toBeInTheDocument();
    expect(api.calls('POST /api/alerts')[0]?.body).toEqual({
      category: 'TSLA',
      type: 'trade',
      rate: 1,
      unit: 'percent',
    });
  });

  it('Pro: a Price alert starts at 2 % and sends its bounds, checked first', async () => {
    const api = fakeApi().on(
      'POST /api/alerts',
      list([alertRule({ id: 4, type: 'price', category: 'TSLA', rate: 2, low: 200, high: 250 })]),
    );
    const { user } = renderDialog('pro', api);
    const d = await openFor('TSLA');
    await user.click(d.getByRole('radio', { name: text.typeLabels.price }));
    expect(d.getByRole('slider', { name: text.rateOf('TSLA') })).toHaveAttribute('aria-valuetext', '2%');
    await user.type(d.getByRole('textbox', { name: text.low }), '260');
    await user.type(d.getByRole('textbox', { name: text.high }), '250');
    await user.click(d.getByRole('button', { name: text.add }));
    expect(d.getByRole('alert')).toHaveTextContent(alertMessages.boundsInverted);
    expect(api.calls('POST /api/alerts')).toHaveLength(0);

    await user.clear(d.getByRole('textbox', { name: text.low }));
    await user.type(d.getByRole('textbox', { name: text.low }), '200');
    await user.click(d.getByRole('button', { name: text.add }));
    expect(await screen.findByText(alertMessages.added('Price', 'TSLA'))).toBeInTheDocument();
    expect(api.calls('POST /api/alerts')[0]?.body).toEqual({
      category: 'TSLA',
      type: 'price',
      rate: 2,
      high: 250,
      low: 200,
    });
  });

  it('a 409 says the alert is already registered; other failures that it failed', async () => {
    const api = fakeApi().on('POST /api/alerts', fail(409, 'conflict'));
    const { user } = renderDialog('pro', api);
    const d = await openFor('TSLA');
    await user.click(d.getByRole('radio', { name: text.typeLabels.uv }));
    await user.click(d.getByRole('button', { name: text.add }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unusual volume alert for TSLA is already registered!',
    );
    expect(screen.getByTestId('add-alert-dialog')).toHaveAttribute('open');

    api.on('POST /api/alerts', fail(500, 'internal'));
    await user.click(d.getByRole('button', { name: text.add }));
    expect(await screen.findByText('Failed to register Unusual volume alert for TSLA')).toBeInTheDocument();
  });

  it('opens from the symbol menu’s Add alert item', async () => {
    const api = withDataHost(fakeApi())
      .on('POST /api/stock_stats/inc/NVDA', { status: 200, body: { success: true } })
      .on('GET /api/config', configAnswer())
      .on('GET /data/stock-names.json', { status: 200, body: [{ s: 'NVDA', n: 'NVIDIA Corporation' }] });
    signedIn(api, { subscription: subscription('standard') });
    const { user } = renderUi(
      <>
        <SymbolLink symbol="NVDA" />
        <SymbolOverlays />
        <AddAlertSlot />
      </>,
      { wrap: withSession },
    );
    await user.click(await screen.findByRole('button', { name: 'NVDA' }));
    await user.click(screen.getByRole('menuitem', { name: symbolText.addAlert }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    const d = within(await screen.findByTestId('add-alert-dialog'));
    expect(d.getByRole('heading', { name: text.addAlertTitle('NVDA') })).toBeInTheDocument();
  });
});
