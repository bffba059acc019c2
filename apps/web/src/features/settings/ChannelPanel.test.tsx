import { type DashboardConfig, validateSymbolsResponseSchema } from '@tapeline/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SettingsProvider } from '../../lib/settings/useSettings.tsx';
import { type FakeApi, ok } from '../../test-setup/fakeApi.ts';
import { customAltConfig, settingsApi } from '../../test-setup/fixtures.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { signedIn, withSession } from '../../test-setup/session.tsx';
import { ChannelPanel } from './ChannelPanel.tsx';
import { settingsMessages, settingsText } from './settingsText.ts';

// The settings store loads 2 s after the app starts and saves config after 2 s of quiet.
const SETTLED = { timeout: 6000 };

const serve = (): FakeApi => settingsApi(customAltConfig(['AAPL', 'MSFT'], 'popular'));

function renderPanel(id: 'main' | 'alt', api: FakeApi) {
  signedIn(api);
  return renderUi(
    <SettingsProvider>
      <ChannelPanel id={id} />
    </SettingsProvider>,
    { wrap: withSession },
  );
}

const typeSelect = () => screen.getByRole('combobox', { name: settingsText.channelType });
const savedConfigs = (api: FakeApi) =>
  api.calls('POST /api/settings/config').map((c) => (c.body as { config: DashboardConfig }).config);

describe('ChannelPanel', () => {
  it('shows the saved channel type and what it needs', async () => {
    renderPanel('main', serve());
    await waitFor(() => expect(typeSelect()).toHaveValue('popular'), SETTLED);
    expect(screen.getByText(settingsMessages.noAdditionalSettings)).toBeInTheDocument();
    // The main channel can never be switched off.
    expect(within(typeSelect()).queryByRole('option', { name: 'None' })).not.toBeInTheDocument();
  });

  it('switching alt off says so and saves it', async () => {
    const api = serve();
    const { user } = renderPanel('alt', api);
    await waitFor(() => expect(typeSelect()).toHaveValue('custom'), SETTLED);
    await user.selectOptions(typeSelect(), 'none');
    expect(screen.getByText(settingsMessages.channelDisabled)).toBeInTheDocument();
    await waitFor(() => expect(savedConfigs(api).at(-1)?.stream[1]?.type).toBe('none'), SETTLED);
  });

  it('a custom channel lists its symbols and edits them', async () => {
    const api = serve();
    const { user } = renderPanel('alt', api);
    const list = await screen.findByRole('list', { name: settingsText.symbols }, SETTLED);
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['AAPL', 'MSFT']);
    expect(screen.getByRole('heading', { name: /Symbols \(2\)/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: settingsText.editSymbols }));
    const dialog = screen.getByRole('dialog', { name: settingsText.editSymbols });
    await user.click(within(dialog).getByRole('button', { name: settingsText.remove('AAPL') }));
    await user.click(within(dialog).getByRole('button', { name: settingsText.save }));
    expect(within(screen.getByTestId('custom-symbols')).getAllByRole('listitem')).toHaveLength(1);
    await waitFor(
      () => expect(savedConfigs(api).at(-1)?.stream[1]?.value.custom_view).toEqual(['MSFT']),
      SETTLED,
    );
  });

  it('imports a CSV, asking first when some of its symbols are not valid', async () => {
    const api = serve().on(
      'POST /api/settings/symbols/validate',
      ok(validateSymbolsResponseSchema, { success: true, symbols: ['NVDA', 'AMD'] }),
    );
    const { user, container } = renderPanel('alt', api);
    await screen.findByRole('list', { name: settingsText.symbols }, SETTLED);

    const input = container.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(input, new File(['NVDA\nAMD\nNOPE1\n'], 'symbols.csv', { type: 'text/csv' }));

    const question = await screen.findByRole('dialog', { name: settingsMessages.someValid(2, 3) });
    await user.click(within(question).getByRole('button', { name: settingsText.yes }));
    const list = screen.getByTestId('custom-symbols');
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(expect.arrayContaining(['AAPL', 'MSFT', 'NVDA', 'AMD'])),
    );
    expect(api.calls('POST /api/settings/symbols/validate')[0]?.body).toEqual({
      symbols: expect.arrayContaining(['NVDA', 'AMD', 'NOPE1']),
    });
  });

  it('refuses a file that is not a CSV', async () => {
    const api = serve();
    const { user, container } = renderPanel('alt', api);
    await screen.findByRole('list', { name: settingsText.symbols }, SETTLED);
    const input = container.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(input, new File(['x'], 'symbols.txt', { type: 'text/csv' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(settingsMessages.fileTypeInvalid);
  });
});
