import { type DashboardConfig, validateSymbolsResponseSchema } from '@tapeline/core';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SettingsProvider, useSettings } from '../../lib/settings/useSettings.tsx';
import { type FakeApi, fail, ok } from '../../test-setup/fakeApi.ts';
import { customAltConfig, settingsApi } from '../../test-setup/fixtures.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { signedIn, withSession } from '../../test-setup/session.tsx';
import { AddSymbolModal } from './AddSymbolModal.tsx';
import { channelOf } from './channelConfig.ts';
import { settingsMessages, settingsText } from './settingsText.ts';

const serve = (): FakeApi => settingsApi(customAltConfig(['AAPL', 'MSFT']));

/** What the trader's custom list is now, as the settings store holds it. */
function ListProbe() {
  const { config, status } = useSettings();
  return (
    <output data-testid="list">
      {status === 'ready' ? channelOf(config, 'alt').value.custom_view.join(', ') : ''}
    </output>
  );
}

async function renderModal(api: FakeApi) {
  const onClose = vi.fn();
  signedIn(api);
  const rendered = renderUi(
    <SettingsProvider>
      <ListProbe />
      <AddSymbolModal open channelId="alt" onClose={onClose} />
    </SettingsProvider>,
    { wrap: withSession },
  );
  // The settings store loads 2 s after the app starts: the saved list is there to add to.
  await waitFor(() => expect(screen.getByTestId('list')).toHaveTextContent('AAPL, MSFT'), { timeout: 6000 });
  return { ...rendered, onClose };
}

const symbolBox = () => screen.getByLabelText(settingsText.symbol);
const addButton = () => screen.getByRole('button', { name: settingsText.add });
const validations = (api: FakeApi) => api.calls('POST /api/settings/symbols/validate');

describe('AddSymbolModal', () => {
  it('adds a symbol the server knows, upper-cased, to the channel’s list and closes', async () => {
    const api = serve().on(
      'POST /api/settings/symbols/validate',
      ok(validateSymbolsResponseSchema, { success: true, symbols: ['TSLA'] }),
    );
    const { user, onClose, unmount } = await renderModal(api);
    expect(screen.getByRole('dialog', { name: settingsText.addSymbol })).toBeInTheDocument();
    expect(addButton()).toBeDisabled();
    await user.type(symbolBox(), ' tsla ');
    expect(addButton()).toBeEnabled();
    await user.click(addButton());
    await waitFor(() => expect(screen.getByTestId('list')).toHaveTextContent('AAPL, MSFT, TSLA'));
    expect(validations(api)[0]?.body).toEqual({ symbols: ['TSLA'] });
    expect(onClose).toHaveBeenCalledTimes(1);
    // Leaving sends the waiting config save with the new list.
    unmount();
    const saved = api.calls('POST /api/settings/config').at(-1)?.body as {
      config: DashboardConfig;
    };
    expect(saved.config.stream[1]?.value.custom_view).toEqual(['AAPL', 'MSFT', 'TSLA']);
  });

  it('a symbol the server does not know is refused in the spec wording, and the list stays', async () => {
    const api = serve().on(
      'POST /api/settings/symbols/validate',
      ok(validateSymbolsResponseSchema, { success: true, symbols: [] }),
    );
    const { user, onClose } = await renderModal(api);
    await user.type(symbolBox(), 'ZZZQ');
    await user.click(addButton());
    expect(await screen.findByText(settingsMessages.symbolInvalid('ZZZQ'))).toBeInTheDocument();
    expect(screen.getByTestId('list')).toHaveTextContent(/^AAPL, MSFT$/);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a symbol already in the list is refused without asking the server', async () => {
    const api = serve();
    const { user, onClose } = await renderModal(api);
    await user.type(symbolBox(), 'msft');
    await user.click(addButton());
    expect(await screen.findByText(settingsMessages.alreadyImported(['MSFT']))).toBeInTheDocument();
    expect(validations(api)).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a failed check says the symbol could not be added', async () => {
    const api = serve().on('POST /api/settings/symbols/validate', fail(500, 'internal'));
    const { user, onClose } = await renderModal(api);
    await user.type(symbolBox(), 'NVDA');
    await user.click(addButton());
    expect(await screen.findByText(settingsMessages.addFailed)).toBeInTheDocument();
    expect(screen.getByTestId('list')).toHaveTextContent(/^AAPL, MSFT$/);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('Cancel closes without adding', async () => {
    const api = serve();
    const { user, onClose } = await renderModal(api);
    await user.type(symbolBox(), 'NVDA');
    await user.click(screen.getByRole('button', { name: settingsText.cancel }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(validations(api)).toHaveLength(0);
    expect(screen.getByTestId('list')).toHaveTextContent(/^AAPL, MSFT$/);
  });
});
