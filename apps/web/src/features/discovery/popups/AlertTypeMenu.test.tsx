import {
  alertListAnswerSchema,
  discoveryMessages,
  PERCENT_STEP_RANGE,
  TABLE_ALERT_NAMES,
} from '@tapeline/core';
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { type FakeApi, fail, fakeApi, ok } from '../../../test-setup/fakeApi.ts';
import { renderUi } from '../../../test-setup/render.tsx';
import { signedIn, subscription, withSession } from '../../../test-setup/session.tsx';
import { AlertTypeMenu } from './AlertTypeMenu.tsx';
import { popupsText } from './popupsText.ts';

const anchor = { left: 10, top: 10, right: 60, bottom: 30 };

function Harness() {
  const [open, setOpen] = useState(true);
  return open ? (
    <AlertTypeMenu symbol="TSLA" anchor={anchor} onClose={() => setOpen(false)} />
  ) : (
    <p>closed</p>
  );
}

function renderMenu(plan: string | null, api: FakeApi) {
  signedIn(api, { subscription: plan ? subscription(plan) : null });
  return { ...renderUi(<Harness />, { wrap: withSession }), api };
}

const listAnswer = ok(alertListAnswerSchema, {
  success: true,
  data: { list: [{ id: 7, type: 'uv', category: 'TSLA', rate: 20, high: null, low: null }] },
});

describe('Discovery alert-type menu (§2, §8)', () => {
  it('a type adds that alert at its default rate and says "X alert added for SYMBOL"', async () => {
    const { user, api } = renderMenu('pro', fakeApi().on('POST /api/alerts', listAnswer));
    await user.click(await screen.findByRole('menuitem', { name: TABLE_ALERT_NAMES.uv }));
    expect(
      await screen.findByText(discoveryMessages.alertAdded(TABLE_ALERT_NAMES.uv, 'TSLA')),
    ).toBeInTheDocument();
    expect(api.calls('POST /api/alerts')[0]?.body).toEqual({ category: 'TSLA', type: 'uv', rate: 20 });
    expect(screen.getByText('closed')).toBeInTheDocument();
  });

  it("offers §8's five in order; Hi/low adds the Hi/Low alert with a percent step, on Standard too", async () => {
    const { user, api } = renderMenu('standard', fakeApi().on('POST /api/alerts', listAnswer));
    const items = await screen.findAllByRole('menuitem');
    expect(items.slice(0, 5).map((item) => item.firstChild?.textContent)).toEqual([
      TABLE_ALERT_NAMES.trade,
      TABLE_ALERT_NAMES.uv,
      TABLE_ALERT_NAMES.vwap,
      TABLE_ALERT_NAMES.price,
      TABLE_ALERT_NAMES.hilo,
    ]);
    await user.click(screen.getByRole('menuitem', { name: TABLE_ALERT_NAMES.hilo }));
    expect(
      await screen.findByText(discoveryMessages.alertAdded(TABLE_ALERT_NAMES.hilo, 'TSLA')),
    ).toBeInTheDocument();
    expect(api.calls('POST /api/alerts')[0]?.body).toEqual({
      category: 'TSLA',
      type: 'trade',
      rate: PERCENT_STEP_RANGE.default,
      unit: 'percent',
    });
  });

  it('a Hi/low that exists (or a Trade on the same symbol) is "Hi/low … already registered"', async () => {
    const api = fakeApi().on('POST /api/alerts', fail(409, 'conflict'));
    const { user } = renderMenu('standard', api);
    await user.click(await screen.findByRole('menuitem', { name: TABLE_ALERT_NAMES.hilo }));
    expect(
      await screen.findByText(discoveryMessages.alertExists(TABLE_ALERT_NAMES.hilo, 'TSLA')),
    ).toBeInTheDocument();
  });

  it('an alert that exists is "already registered"', async () => {
    const api = fakeApi().on('POST /api/alerts', fail(409, 'conflict'));
    const { user } = renderMenu('pro', api);
    await user.click(await screen.findByRole('menuitem', { name: TABLE_ALERT_NAMES.trade }));
    expect(
      await screen.findByText(discoveryMessages.alertExists(TABLE_ALERT_NAMES.trade, 'TSLA')),
    ).toBeInTheDocument();
  });

  it('another failure says Failed to register', async () => {
    const api = fakeApi().on('POST /api/alerts', fail(500, 'internal'));
    const { user } = renderMenu('pro', api);
    await user.click(await screen.findByRole('menuitem', { name: TABLE_ALERT_NAMES.price }));
    expect(await screen.findByText('Failed to register Price alert for TSLA')).toBeInTheDocument();
  });

  it('without Pro the Pro types are locked and send nothing', async () => {
    const api = fakeApi().on('POST /api/alerts', listAnswer);
    const { user } = renderMenu(null, api);
    const vwap = await screen.findByRole('menuitem', { name: new RegExp(TABLE_ALERT_NAMES.vwap) });
    expect(vwap).toHaveAttribute('aria-disabled', 'true');
    await user.click(vwap);
    await waitFor(() => expect(api.calls('POST /api/alerts')).toHaveLength(0));
    expect(screen.getByRole('menu', { name: popupsText.alertMenuOf('TSLA') })).toBeInTheDocument();
  });
});
