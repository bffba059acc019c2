import {
  alertMessages,
  alertsAnswerSchema,
  DEFAULT_FILTER_NAME,
  discoveryMessages,
  successResponseSchema,
  validateFilteredAlertAnswerSchema,
} from '@tapeline/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, ok } from '../../../test-setup/fakeApi.ts';
import { backtestDialog } from '../../alertLab/index.ts';
import { notificationsText } from '../../notifications/index.ts';
import { filtersText as text } from './filtersText.ts';
import { menu, modal, renderPicker, savedSet, serveFilters, toggle } from './testing/filterFixtures.tsx';
import { resetTempFilter } from './useDiscoveryFilter.ts';

afterEach(resetTempFilter);

const saves = (api: ReturnType<typeof renderPicker>['api']) =>
  api.calls('POST /api/settings/discovery').map((c) => (c.body as { discovery: unknown }).discovery);

describe('Filter picker (discovery §4)', () => {
  it('lists Default first, then the saved filters; pencil and delete on all but Default; Add New last', async () => {
    const { user, applied } = renderPicker();
    await waitFor(() => expect(applied.at(-1)?.name).toBe('Gappers'));
    await user.click(await toggle());
    const items = screen.getAllByRole('listitem').map((li) => li.getAttribute('data-filter'));
    expect(items).toEqual([DEFAULT_FILTER_NAME, 'Gappers', 'Runners']);
    expect(menu().getByRole('button', { name: 'Gappers' })).toHaveAttribute('aria-pressed', 'true');
    expect(menu().queryByRole('button', { name: text.editOf(DEFAULT_FILTER_NAME) })).toBeNull();
    expect(menu().queryByRole('button', { name: text.deleteOf(DEFAULT_FILTER_NAME) })).toBeNull();
    expect(menu().getByRole('button', { name: text.editOf('Runners') })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: text.addNew })).toBeInTheDocument();
  });

  it('stays open while the page scrolls (a phone scrolls to reach its items); a press outside closes it', async () => {
    const { user } = renderPicker();
    await user.click(await toggle());
    // The dismiss listens to scrolls from the next frame: let two pass, then scroll the page.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    fireEvent.scroll(window);
    expect(screen.getByRole('list', { name: text.pickerMenu })).toBeInTheDocument();
    await user.click(document.body);
    expect(screen.queryByRole('list', { name: text.pickerMenu })).toBeNull();
  });

  it('choosing a filter applies it and saves the selection; Default applies none', async () => {
    const { user, api, applied } = renderPicker();
    await user.click(await toggle());
    await user.click(menu().getByRole('button', { name: 'Runners' }));
    await waitFor(() => expect(applied.at(-1)?.name).toBe('Runners'));
    expect(saves(api).at(-1)).toEqual({ ...savedSet(), selected: 'Runners' });

    await user.click(await toggle());
    await user.click(menu().getByRole('button', { name: DEFAULT_FILTER_NAME }));
    await waitFor(() => expect(applied.at(-1)).toBeNull());
    expect(saves(api).at(-1)).toEqual({ ...savedSet(), selected: DEFAULT_FILTER_NAME });
  });

  it('deleting the selected filter saves the rest and goes back to Default', async () => {
    const { user, api, applied } = renderPicker();
    await user.click(await toggle());
    await user.click(menu().getByRole('button', { name: text.deleteOf('Gappers') }));
    await waitFor(() => expect(applied.at(-1)).toBeNull());
    expect(saves(api).at(-1)).toEqual({
      filters: { Runners: savedSet().filters.Runners },
      selected: 'Default',
    });
    expect(await toggle()).toHaveTextContent(DEFAULT_FILTER_NAME);
  });

  it('a failed selection save says so and keeps the old choice', async () => {
    const api = serveFilters().on('POST /api/settings/discovery', fail(500, 'internal'));
    const { user } = renderPicker('pro', api);
    await user.click(await toggle());
    await user.click(menu().getByRole('button', { name: 'Runners' }));
    expect(await screen.findByText(discoveryMessages.filtersSaveFailed)).toBeInTheDocument();
    await waitFor(async () => expect(await toggle()).toHaveTextContent('Gappers'));
  });

  it('unreadable saved text (the older column list) starts from Default and writes the defaults back', async () => {
    const api = serveFilters(JSON.stringify([{ column: 'symbol', hidden: false }]));
    const { applied } = renderPicker('pro', api);
    await waitFor(() => expect(saves(api)).toEqual([{ filters: {}, selected: DEFAULT_FILTER_NAME }]));
    expect(applied.at(-1)).toBeNull();
  });

  it('Pro is not offered an alert from a filter', async () => {
    const { user } = renderPicker('pro');
    await user.click(await toggle());
    await user.click(screen.getByRole('button', { name: text.addNew }));
    expect(modal().queryByRole('button', { name: text.createAlert })).toBeNull();
    expect(modal().queryByRole('button', { name: text.backtest })).toBeNull();
  });

  it('Pro Plus: "Backtest" asks for the modal’s conditions on the toolbar’s timeframe and sectors', async () => {
    const { user } = renderPicker('proplus');
    await user.click(await toggle());
    await user.click(menu().getByRole('button', { name: text.editOf('Gappers') }));
    await user.click(modal().getByRole('button', { name: text.backtest }));
    expect(backtestDialog.current()).toEqual({
      rule: {
        kind: 'smart',
        name: 'Gappers',
        type: 'all',
        values: { gap: { min: 5, max: null } },
        timeframe: '1hr',
        sector: { min: [9] },
      },
      title: 'Gappers',
    });
    backtestDialog.close();
  });

  it('Pro Plus: "Create alert from this filter" opens the Filtered Alert modal seeded, validated and saved', async () => {
    const api = serveFilters()
      .on(
        'POST /api/alerts/filtered-alert/validate',
        ok(validateFilteredAlertAnswerSchema, { valid: true, values: [50, 4] }),
      )
      .on('POST /api/alerts/filtered-alerts', ok(successResponseSchema, { success: true }));
    const { user } = renderPicker('proplus', api);
    await user.click(await toggle());
    await user.click(menu().getByRole('button', { name: text.editOf('Gappers') }));
    await user.click(modal().getByRole('button', { name: text.createAlert }));

    const alertModal = within(await screen.findByTestId('filtered-alert-modal'));
    expect(alertModal.getByRole('textbox', { name: notificationsText.filterName })).toHaveValue('Gappers');
    expect(alertModal.getByRole('spinbutton', { name: 'Gap Min' })).toHaveValue(5);
    await user.click(alertModal.getByRole('button', { name: notificationsText.submitAdd }));

    expect(await screen.findByText(alertMessages.filteredAdded)).toBeInTheDocument();
    expect(api.calls('POST /api/alerts/filtered-alerts')[0]?.body).toEqual({
      filtered_alerts: [
        {
          name: 'Gappers',
          type: 'all',
          values: { gap: { min: 5, max: null } },
          sector: { min: [9] },
          timeframe: { min: '1hr' },
        },
      ],
    });
  });

  it('Pro Plus at the filtered-alert limit is told so instead', async () => {
    const five = ['A', 'B', 'C', 'D', 'E'].map((name) => ({
      name,
      type: 'all' as const,
      values: { gap: { min: 1, max: null } },
      sector: { min: [9] },
      timeframe: { min: '1day' as const },
    }));
    const api = serveFilters().on(
      'GET /api/alerts',
      ok(alertsAnswerSchema, {
        alerts: [],
        filtered_alerts: five,
        alert_webhook: {},
        webhook_secret: 'whsec_x',
      }),
    );
    const { user } = renderPicker('proplus', api);
    await user.click(await toggle());
    await user.click(menu().getByRole('button', { name: text.editOf('Gappers') }));
    await waitFor(() => expect(api.calls('GET /api/alerts')).toHaveLength(1));
    await user.click(modal().getByRole('button', { name: text.createAlert }));
    expect(await screen.findByText(alertMessages.filteredLimit)).toBeInTheDocument();
    expect(screen.queryByTestId('filtered-alert-modal')).not.toHaveAttribute('open');
  });
});
