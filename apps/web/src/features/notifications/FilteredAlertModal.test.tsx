import {
  alertMessages,
  FILTERED_LIMIT_ERROR,
  filterMessages,
  successResponseSchema,
  validateFilteredAlertAnswerSchema,
} from '@tapeline/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  alertsAnswer,
  filteredAlert,
  renderNotifications,
  serveAlerts,
} from '../../test-setup/alertFixtures.tsx';
import { fail, ok } from '../../test-setup/fakeApi.ts';
import { notificationsText as text } from './notificationsText.ts';

const validAnswer = (valid: boolean, limit: number, count: number) =>
  ok(validateFilteredAlertAnswerSchema, { valid, values: [limit, count] });
const modal = () => within(screen.getByTestId('filtered-alert-modal'));
const submit = (user: ReturnType<typeof renderNotifications>['user']) =>
  user.click(modal().getByRole('button', { name: text.submitAdd }));
const problem = () => modal().getByRole('alert');

async function openAdd(user: ReturnType<typeof renderNotifications>['user']) {
  await user.click(await screen.findByRole('button', { name: text.addFiltered }));
  return modal();
}

describe('Filtered Alert modal (§4, §5)', () => {
  it('names the name, column and range problems in turn; sectors and timeframe are red until chosen', async () => {
    const { user } = renderNotifications('proplus');
    const m = await openAdd(user);
    expect(m.getByRole('group', { name: text.sectors })).toHaveAttribute('aria-invalid', 'true');
    expect(m.getByRole('combobox', { name: text.timeframe })).toHaveAttribute('aria-invalid', 'true');

    await submit(user);
    expect(problem()).toHaveTextContent(filterMessages.nameRequired);
    await user.type(m.getByRole('textbox', { name: text.filterName }), 'R');
    await submit(user);
    expect(problem()).toHaveTextContent(text.columnRequired);

    await user.selectOptions(m.getByRole('combobox', { name: `${text.column} 1` }), 'gap');
    await submit(user);
    expect(problem()).toHaveTextContent(filterMessages.rangeRequired);
    await user.type(m.getByRole('spinbutton', { name: 'Gap Min' }), '5');
    await user.type(m.getByRole('spinbutton', { name: 'Gap Max' }), '2');
    await submit(user);
    expect(problem()).toHaveTextContent(filterMessages.maxBelowMin);
  });

  it('a problem goes as soon as its row is fixed, while others still wait for the next send', async () => {
    const { user } = renderNotifications('proplus');
    const m = await openAdd(user);
    await user.type(m.getByRole('textbox', { name: text.filterName }), 'R');
    await user.selectOptions(m.getByRole('combobox', { name: `${text.column} 1` }), 'gap');
    await user.type(m.getByRole('spinbutton', { name: 'Gap Min' }), '5');
    await user.type(m.getByRole('spinbutton', { name: 'Gap Max' }), '2');
    await submit(user);
    expect(problem()).toHaveTextContent(filterMessages.maxBelowMin);
    await user.type(m.getByRole('spinbutton', { name: 'Gap Max' }), '0');
    // 20 ≥ 5: the row is right. Sectors and timeframe are still missing (red), said at the next send.
    expect(m.queryByText(filterMessages.maxBelowMin)).not.toBeInTheDocument();
    expect(m.queryByRole('alert')).not.toBeInTheDocument();
    await submit(user);
    expect(problem()).toHaveTextContent(filterMessages.sectorRequired);
  });

  it('then the single-value, sector and timeframe problems, asking the server nothing', async () => {
    const { user, api } = renderNotifications('proplus');
    const m = await openAdd(user);
    await user.type(m.getByRole('textbox', { name: text.filterName }), 'R');
    await user.selectOptions(m.getByRole('combobox', { name: `${text.column} 1` }), 'vWapDist');
    await submit(user);
    expect(problem()).toHaveTextContent(filterMessages.singleValue);
    await user.type(m.getByRole('spinbutton', { name: 'VWAP dist % Value' }), '3');

    await submit(user);
    expect(problem()).toHaveTextContent(filterMessages.sectorRequired);
    await user.click(m.getByRole('checkbox', { name: 'TECHNOLOGY' }));
    expect(m.getByRole('group', { name: text.sectors })).not.toHaveAttribute('aria-invalid');
    await submit(user);
    expect(problem()).toHaveTextContent(filterMessages.timeframeRequired);
    expect(api.calls('POST /api/alerts/filtered-alert/validate')).toHaveLength(0);
  });

  it('offers a column to one row only and never trend with trend change', async () => {
    const { user } = renderNotifications('proplus');
    const m = await openAdd(user);
    await user.selectOptions(m.getByRole('combobox', { name: `${text.column} 1` }), 'trend');
    await user.click(m.getByRole('button', { name: text.addRow }));
    const second = m.getByRole('combobox', { name: `${text.column} 2` });
    const offered = within(second)
      .getAllByRole('option')
      .map((o) => o.getAttribute('value'));
    expect(offered).not.toContain('trend');
    expect(offered).not.toContain('trend_change');
    expect(offered).toContain('gap');
  });

  it('squeeze: PRE starts at 7, POST at −2, they exclude each other; POST out of −5…−1 is named, not clamped', async () => {
    const { user, api } = renderNotifications('proplus');
    const m = await openAdd(user);
    await user.type(m.getByRole('textbox', { name: text.filterName }), 'Squeeze');
    await user.selectOptions(m.getByRole('combobox', { name: `${text.column} 1` }), 'squeeze');
    await user.click(m.getByRole('checkbox', { name: 'PRE' }));
    expect(m.getByRole('spinbutton', { name: text.squeezeValue('PRE') })).toHaveValue(7);
    expect(m.getByRole('checkbox', { name: 'POST' })).toBeDisabled();
    await user.click(m.getByRole('checkbox', { name: 'PRE' }));
    await user.click(m.getByRole('checkbox', { name: 'POST' }));
    expect(m.getByRole('checkbox', { name: 'PRE' })).toBeDisabled();
    const post = m.getByRole('spinbutton', { name: text.squeezeValue('POST') });
    expect(post).toHaveValue(-2);
    await user.clear(post);
    await user.type(post, '-9');
    await user.tab();
    expect(post).toHaveValue(-9);
    await submit(user);
    expect(problem()).toHaveTextContent('POST value must be between -5 and -1');
    expect(api.calls('POST /api/alerts/filtered-alert/validate')).toHaveLength(0);
  });

  async function fillValid(user: ReturnType<typeof renderNotifications>['user'], name = 'Runners') {
    const m = await openAdd(user);
    await user.type(m.getByRole('textbox', { name: text.filterName }), name);
    await user.selectOptions(m.getByRole('combobox', { name: `${text.column} 1` }), 'gap');
    await user.type(m.getByRole('spinbutton', { name: 'Gap Min' }), '5');
    await user.click(m.getByRole('checkbox', { name: 'TECHNOLOGY' }));
    await user.selectOptions(m.getByRole('combobox', { name: text.timeframe }), '1hr');
  }

  it('too many matches: the §8 toast for 5 s, nothing saved', async () => {
    const api = serveAlerts().on('POST /api/alerts/filtered-alert/validate', validAnswer(false, 50, 120));
    const { user } = renderNotifications('proplus', api);
    await fillValid(user);
    await submit(user);
    expect(await screen.findByText(alertMessages.tooManyMatches(120, 50))).toBeInTheDocument();
    expect(api.calls('POST /api/alerts/filtered-alert/validate')[0]?.body).toEqual({
      content: {
        name: 'Runners',
        type: 'all',
        values: { gap: { min: 5, max: null } },
        sector: { min: [9] },
        timeframe: { min: '1hr' },
      },
    });
    expect(api.calls('POST /api/alerts/filtered-alerts')).toHaveLength(0);
    expect(screen.getByTestId('filtered-alert-modal')).toHaveAttribute('open');
  });

  it("the server's problem is the toast: it says which rule failed", async () => {
    const api = serveAlerts().on(
      'POST /api/alerts/filtered-alert/validate',
      ok(validateFilteredAlertAnswerSchema, {
        valid: false,
        values: [50, 3],
        problem: filterMessages.timeframeRequired,
      }),
    );
    const { user } = renderNotifications('proplus', api);
    await fillValid(user);
    await submit(user);
    expect(await screen.findByText(filterMessages.timeframeRequired)).toBeInTheDocument();
    expect(api.calls('POST /api/alerts/filtered-alerts')).toHaveLength(0);
  });

  it('valid: saves the whole list, says it was added and lists it', async () => {
    const existing = filteredAlert({ name: 'Gappers' });
    const api = serveAlerts(alertsAnswer({ filtered_alerts: [existing] }))
      .on('POST /api/alerts/filtered-alert/validate', validAnswer(true, 50, 12))
      .on('POST /api/alerts/filtered-alerts', ok(successResponseSchema, { success: true }));
    const { user } = renderNotifications('proplus', api);
    await fillValid(user);
    await submit(user);

    expect(await screen.findByText(alertMessages.filteredAdded)).toBeInTheDocument();
    const saved = api.calls('POST /api/alerts/filtered-alerts')[0]?.body as {
      filtered_alerts: { name: string }[];
    };
    expect(saved.filtered_alerts.map((f) => f.name)).toEqual(['Gappers', 'Runners']);
    await waitFor(() => expect(screen.queryByTestId('filtered-alert-modal')).not.toHaveAttribute('open'));
    expect(screen.getByRole('list', { name: text.filteredList })).toHaveTextContent('Runners');
  });

  it('a name already used is refused; editing keeps the filter’s own name', async () => {
    const api = serveAlerts(
      alertsAnswer({
        filtered_alerts: [filteredAlert({ name: 'Gappers' }), filteredAlert({ name: 'Faders' })],
      }),
    )
      .on('POST /api/alerts/filtered-alert/validate', validAnswer(true, 50, 3))
      .on('POST /api/alerts/filtered-alerts', ok(successResponseSchema, { success: true }));
    const { user } = renderNotifications('proplus', api);
    await fillValid(user, 'gappers');
    await submit(user);
    expect(problem()).toHaveTextContent(filterMessages.nameTaken);
    await user.click(modal().getByRole('button', { name: text.cancel }));

    await user.click(screen.getByRole('button', { name: text.editOf('Faders') }));
    expect(modal().getByRole('textbox', { name: text.filterName })).toHaveValue('Faders');
    await user.click(modal().getByRole('button', { name: text.submitEdit }));
    expect(await screen.findByText(alertMessages.filteredUpdated)).toBeInTheDocument();
    const saved = api.calls('POST /api/alerts/filtered-alerts')[0]?.body as {
      filtered_alerts: { name: string }[];
    };
    expect(saved.filtered_alerts.map((f) => f.name)).toEqual(['Gappers', 'Faders']);
  });

  it('the server’s limit_exceeded is the plan-limit toast; other failures the §8 ones', async () => {
    const api = serveAlerts()
      .on('POST /api/alerts/filtered-alert/validate', validAnswer(true, 50, 3))
      .on('POST /api/alerts/filtered-alerts', fail(403, FILTERED_LIMIT_ERROR));
    const { user } = renderNotifications('proplus', api);
    await fillValid(user);
    await submit(user);
    expect(await screen.findByText(alertMessages.filteredLimit)).toBeInTheDocument();

    api.on('POST /api/alerts/filtered-alerts', fail(500, 'internal'));
    await submit(user);
    expect(await screen.findByText(alertMessages.filteredAddFailed)).toBeInTheDocument();

    api.on('POST /api/alerts/filtered-alert/validate', fail(500, 'internal'));
    await submit(user);
    expect(await screen.findByText(alertMessages.validateFailed)).toBeInTheDocument();
  });

  it('a sixth filter is refused at once; deleting one saves the rest', async () => {
    const five = ['A', 'B', 'C', 'D', 'E'].map((name) => filteredAlert({ name }));
    const api = serveAlerts(alertsAnswer({ filtered_alerts: five })).on(
      'POST /api/alerts/filtered-alerts',
      ok(successResponseSchema, { success: true }),
    );
    const { user } = renderNotifications('proplus', api);
    await user.click(await screen.findByRole('button', { name: text.addFiltered }));
    expect(await screen.findByText(alertMessages.filteredLimit)).toBeInTheDocument();
    expect(screen.getByTestId('filtered-alert-modal')).not.toHaveAttribute('open');

    await user.click(screen.getByRole('button', { name: text.deleteOf('C') }));
    expect(await screen.findByText(alertMessages.filteredDeleted)).toBeInTheDocument();
    const saved = api.calls('POST /api/alerts/filtered-alerts')[0]?.body as {
      filtered_alerts: { name: string }[];
    };
    expect(saved.filtered_alerts.map((f) => f.name)).toEqual(['A', 'B', 'D', 'E']);
  });
});
