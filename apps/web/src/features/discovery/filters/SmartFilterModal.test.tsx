import { discoveryMessages, filterMessages } from '@tapeline/core';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fail } from '../../../test-setup/fakeApi.ts';
import { renderUi } from '../../../test-setup/render.tsx';
import { notificationsText } from '../../notifications/index.ts';
import { menu, modal, renderPicker, serveFilters, toggle } from './filterFixtures.tsx';
import { filtersText as text } from './filtersText.ts';
import { SmartFilterModal } from './SmartFilterModal.tsx';
import { resetTempFilter } from './useDiscoveryFilter.ts';

afterEach(resetTempFilter);

type User = ReturnType<typeof renderPicker>['user'];
const problem = () => modal().getByRole('alert');

async function openAdd(user: User) {
  await user.click(await toggle());
  await user.click(screen.getByRole('button', { name: text.addNew }));
  return modal();
}

async function pickColumn(user: User, n: number, column: string) {
  await user.selectOptions(
    modal().getByRole('combobox', { name: `${notificationsText.column} ${n}` }),
    column,
  );
}

describe('Smart-filter modal (discovery §2, §5)', () => {
  it('add mode: name input, one row, all/any "conditions met", Add row, Clear / Filter / Save & Filter', async () => {
    const { user } = renderPicker();
    const m = await openAdd(user);
    expect(m.getByRole('textbox', { name: text.name })).toHaveValue('');
    expect(m.getByRole('radio', { name: text.all })).toBeChecked();
    expect(m.getByRole('radio', { name: text.any })).not.toBeChecked();
    expect(m.getByText(discoveryMessages.conditionsMet)).toBeInTheDocument();
    for (const name of [discoveryMessages.addRow, text.clear, text.filter, text.saveAndFilter]) {
      expect(m.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(m.queryByRole('button', { name: text.update })).toBeNull();
  });

  it('Save & Filter needs a name, then a row with a column, then each row’s own rule', async () => {
    const { user, api } = renderPicker();
    const m = await openAdd(user);
    await user.click(m.getByRole('button', { name: text.saveAndFilter }));
    expect(problem()).toHaveTextContent(filterMessages.nameRequired);
    await user.type(m.getByRole('textbox', { name: text.name }), 'Fresh');
    await user.click(m.getByRole('button', { name: text.saveAndFilter }));
    expect(problem()).toHaveTextContent(filterMessages.rowRequired);
    await pickColumn(user, 1, 'gap');
    await user.click(m.getByRole('button', { name: text.saveAndFilter }));
    expect(problem()).toHaveTextContent(filterMessages.rangeRequired);
    await user.type(m.getByRole('spinbutton', { name: 'Gap Min' }), '5.5');
    await user.type(m.getByRole('spinbutton', { name: 'Gap Max' }), '2');
    await user.click(m.getByRole('button', { name: text.saveAndFilter }));
    expect(problem()).toHaveTextContent(filterMessages.maxBelowMin);
    expect(api.calls('POST /api/settings/discovery')).toHaveLength(0);
  });

  it('a name another filter has is refused (any case); Default and temp- are not names to save', async () => {
    const { user } = renderPicker();
    const m = await openAdd(user);
    await pickColumn(user, 1, 'gap');
    await user.type(m.getByRole('spinbutton', { name: 'Gap Min' }), '1');
    await user.type(m.getByRole('textbox', { name: text.name }), 'runners');
    await user.click(m.getByRole('button', { name: text.saveAndFilter }));
    expect(problem()).toHaveTextContent(discoveryMessages.filterNameTaken);
    await user.clear(m.getByRole('textbox', { name: text.name }));
    await user.type(m.getByRole('textbox', { name: text.name }), 'temp-x');
    await user.click(m.getByRole('button', { name: text.saveAndFilter }));
    expect(problem()).toHaveTextContent(text.reservedName);
  });

  it('a column is offered to one row only; squeeze PRE starts at 7 and excludes POST', async () => {
    const { user } = renderPicker();
    const m = await openAdd(user);
    await pickColumn(user, 1, 'squeeze');
    await user.click(m.getByRole('button', { name: discoveryMessages.addRow }));
    const offered = [
      ...m.getByRole('combobox', { name: `${notificationsText.column} 2` }).querySelectorAll('option'),
    ];
    expect(offered.map((o) => o.value)).not.toContain('squeeze');
    await user.click(m.getByRole('checkbox', { name: 'PRE' }));
    expect(m.getByRole('spinbutton', { name: notificationsText.squeezeValue('PRE') })).toHaveValue(7);
    expect(m.getByRole('checkbox', { name: 'POST' })).toBeDisabled();
  });

  it('Filter applies the conditions under a temp- name without a name or a save; blanks are unbounded', async () => {
    const { user, api, applied } = renderPicker();
    const m = await openAdd(user);
    await pickColumn(user, 1, 'float');
    await user.click(m.getByRole('button', { name: text.filter }));
    expect(problem()).toHaveTextContent(filterMessages.rangeRequired);
    await user.type(m.getByRole('spinbutton', { name: 'Float Max' }), '20000000.5');
    await user.click(m.getByRole('radio', { name: text.any }));
    await user.click(m.getByRole('button', { name: text.filter }));

    await waitFor(() => expect(applied.at(-1)?.name).toBe('temp-filter'));
    expect(applied.at(-1)).toEqual({
      name: 'temp-filter',
      type: 'any',
      values: { float: { min: null, max: 20000000.5 } },
    });
    expect(screen.queryByTestId('smart-filter-modal')).not.toHaveAttribute('open');
    // The picker names it for the trader, not by its internal 'temp-' name.
    expect(await toggle()).toHaveTextContent(text.unsaved('filter'));
    expect(await toggle()).not.toHaveTextContent('temp-');
    expect(api.calls('POST /api/settings/discovery')).toHaveLength(0);
  });

  it('Save & Filter saves the set with the new filter selected and applies it', async () => {
    const { user, api, applied } = renderPicker();
    const m = await openAdd(user);
    await user.type(m.getByRole('textbox', { name: text.name }), 'Fresh');
    await pickColumn(user, 1, 'trend');
    await user.click(m.getByRole('button', { name: text.saveAndFilter }));

    await waitFor(() => expect(api.calls('POST /api/settings/discovery')).toHaveLength(1));
    const body = api.calls('POST /api/settings/discovery')[0]?.body as {
      discovery: { filters: Record<string, unknown>; selected: string };
    };
    expect(Object.keys(body.discovery.filters)).toEqual(['Gappers', 'Runners', 'Fresh']);
    expect(body.discovery.selected).toBe('Fresh');
    expect(body.discovery.filters.Fresh).toEqual({ type: 'all', values: { trend: { min: 'up' } } });
    await waitFor(() => expect(applied.at(-1)?.name).toBe('Fresh'));
  });

  it('edit mode: Update keeps the filter’s own name, renames in place, and Clear empties the rows only', async () => {
    const { user, api } = renderPicker();
    await user.click(await toggle());
    await user.click(menu().getByRole('button', { name: text.editOf('Runners') }));
    const m = modal();
    expect(m.getByRole('textbox', { name: text.name })).toHaveValue('Runners');
    expect(m.getByRole('radio', { name: text.any })).toBeChecked();
    expect(m.getByRole('button', { name: text.update })).toBeInTheDocument();
    expect(m.queryByRole('button', { name: text.saveAndFilter })).toBeNull();

    await user.click(m.getByRole('button', { name: text.clear }));
    expect(m.getByRole('textbox', { name: text.name })).toHaveValue('Runners');
    expect(m.getByRole('combobox', { name: `${notificationsText.column} 1` })).toHaveValue('');
    await pickColumn(user, 1, 'rs');
    await user.type(m.getByRole('spinbutton', { name: 'Relative strength Min' }), '-1.25');
    await user.clear(m.getByRole('textbox', { name: text.name }));
    await user.type(m.getByRole('textbox', { name: text.name }), 'Leaders');
    await user.click(m.getByRole('button', { name: text.update }));

    await waitFor(() => expect(api.calls('POST /api/settings/discovery')).toHaveLength(1));
    const body = api.calls('POST /api/settings/discovery')[0]?.body as {
      discovery: { filters: Record<string, unknown>; selected: string };
    };
    expect(Object.keys(body.discovery.filters)).toEqual(['Gappers', 'Leaders']);
    expect(body.discovery.filters.Leaders).toEqual({
      type: 'all',
      values: { rs: { min: -1.25, max: null } },
    });
  });

  it('a failed save says so, keeps the modal open and the old set', async () => {
    const api = serveFilters().on('POST /api/settings/discovery', fail(500, 'internal'));
    const { user } = renderPicker('pro', api);
    const m = await openAdd(user);
    await user.type(m.getByRole('textbox', { name: text.name }), 'Fresh');
    await pickColumn(user, 1, 'trend');
    await user.click(m.getByRole('button', { name: text.saveAndFilter }));
    expect(await screen.findByText(discoveryMessages.filtersSaveFailed)).toBeInTheDocument();
    expect(screen.getByTestId('smart-filter-modal')).toHaveAttribute('open');
    expect(await toggle()).toHaveTextContent('Gappers');
  });
});

describe('Smart-filter modal saving', () => {
  /** The modal on its own, with a save that fails the given way and can be finished by hand. */
  function renderModal(outcome: 'false' | 'throws') {
    let finish: () => void = () => {};
    const onSave = () =>
      new Promise<boolean>((resolve, reject) => {
        finish = () => (outcome === 'false' ? resolve(false) : reject(new Error('save failed')));
      });
    const { user } = renderUi(
      <SmartFilterModal
        open
        editing={null}
        savedNames={[]}
        onApply={() => {}}
        onSave={onSave}
        onClose={() => {}}
      />,
    );
    return { user, finish: () => finish() };
  }

  for (const outcome of ['false', 'throws'] as const) {
    it(`a save that ${outcome === 'false' ? 'answers false' : 'throws'} clears the saving state and keeps the modal`, async () => {
      const { user, finish } = renderModal(outcome);
      await user.type(modal().getByRole('textbox', { name: text.name }), 'Fresh');
      await pickColumn(user, 1, 'trend');
      const saveButton = modal().getByRole('button', { name: text.saveAndFilter });
      await user.click(saveButton);
      await waitFor(() => expect(saveButton).toBeDisabled());
      finish();
      await waitFor(() => expect(saveButton).toBeEnabled());
      expect(screen.getByTestId('smart-filter-modal')).toHaveAttribute('open');
    });
  }
});
