import { quotesEditAnswerSchema, validateSymbolsResponseSchema } from '@tapeline/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../../test-setup/fakeApi.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { settingsMessages } from '../settings/index.ts';
import { EditQuoteModal } from './EditQuoteModal.tsx';
import { editAnswer, quoteFixture } from './quoteFixtures.ts';
import { quotesText } from './quotesText.ts';

const chips = (name: string) =>
  within(screen.getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((li) => li.textContent?.replace(/[×↺]/g, ''));

function showModal(saved: readonly string[] = ['AAPL', 'MSFT']) {
  const view = renderUi(<EditQuoteModal open saved={saved} onClose={() => {}} />);
  const field = screen.getByRole('textbox', { name: quotesText.addField });
  const fileInput = () => {
    const input = view.container.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    return input;
  };
  return { ...view, field, fileInput };
}

describe('EditQuoteModal', () => {
  it('commits typed symbols on Enter, space and comma, upper-cased, without blanks or repeats', async () => {
    const { user, field } = showModal();
    await user.type(field, 'abc{Enter}  msft,abc, ,tsla ');
    expect(chips(quotesText.adding)).toEqual(['ABC', 'MSFT', 'TSLA']);
    expect(field).toHaveValue('');
    // Typing shows upper case before it is committed.
    await user.type(field, 'nv');
    expect(field).toHaveValue('NV');
  });

  it('sends removed and added symbols, the pending text included, and a saved symbol re-added', async () => {
    const api = fakeApi().on(
      'POST /api/quotes',
      ok(quotesEditAnswerSchema, editAnswer([quoteFixture('AAPL'), quoteFixture('NVDA')], [], ['AAPL'])),
    );
    const { user, field } = showModal();
    await user.click(screen.getByRole('button', { name: quotesText.removeChip('MSFT') }));
    expect(screen.getByRole('button', { name: quotesText.restoreChip('MSFT') })).toBeInTheDocument();
    await user.type(field, 'aapl nvda');
    await user.click(screen.getByRole('button', { name: quotesText.save }));
    await waitFor(() => expect(api.calls('POST /api/quotes')).toHaveLength(1));
    expect(api.calls('POST /api/quotes')[0]?.body).toEqual({ adds: ['AAPL', 'NVDA'], deletes: ['MSFT'] });
  });

  it('drops an added chip and restores a removed one before saving', async () => {
    const { user, field } = showModal();
    await user.type(field, 'abc xyz ');
    await user.click(screen.getByRole('button', { name: quotesText.dropAdded('ABC') }));
    expect(chips(quotesText.adding)).toEqual(['XYZ']);
    await user.click(screen.getByRole('button', { name: quotesText.removeChip('AAPL') }));
    await user.click(screen.getByRole('button', { name: quotesText.restoreChip('AAPL') }));
    expect(screen.getByRole('button', { name: quotesText.removeChip('AAPL') })).toBeInTheDocument();
  });

  it('imports a CSV into the draft, asking first when some lines are not valid, and names those already listed', async () => {
    const api = fakeApi().on(
      'POST /api/settings/symbols/validate',
      ok(validateSymbolsResponseSchema, { success: true, symbols: ['NVDA', 'AMD', 'MSFT'] }),
    );
    const { user, fileInput } = showModal();
    await user.upload(
      fileInput(),
      new File(['SYMBOL\nnvda\nAMD\nNOPE1\nMSFT\n'], 'q.csv', { type: 'text/csv' }),
    );
    const question = await screen.findByRole('dialog', { name: settingsMessages.someValid(3, 4) });
    await user.click(within(question).getByRole('button', { name: quotesText.yes }));
    expect(chips(quotesText.adding)).toEqual(['NVDA', 'AMD']);
    expect(await screen.findByText(settingsMessages.alreadyImported(['MSFT']))).toBeInTheDocument();
    expect(api.calls('POST /api/settings/symbols/validate')[0]?.body).toEqual({
      symbols: ['NVDA', 'AMD', 'NOPE1', 'MSFT'],
    });
  });

  it('refuses a file that is not a CSV, and a CSV with nothing valid', async () => {
    fakeApi().on(
      'POST /api/settings/symbols/validate',
      ok(validateSymbolsResponseSchema, { success: true, symbols: [] }),
    );
    const { user, fileInput } = showModal();
    await user.upload(fileInput(), new File(['ABC'], 'q.txt', { type: 'text/csv' }));
    expect(await screen.findByText(settingsMessages.fileTypeInvalid)).toBeInTheDocument();
    await user.upload(fileInput(), new File(['NOPE1\nNOPE2\n'], 'q.csv', { type: 'text/csv' }));
    expect(await screen.findByText(settingsMessages.noValidSymbols)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: quotesText.adding })).not.toBeInTheDocument();
  });

  it('widens past 100 listed symbols, which only an import reaches', async () => {
    const many = Array.from(
      { length: 101 },
      (_, i) => `S${String.fromCharCode(65 + (i % 26))}${Math.floor(i / 26)}`,
    );
    fakeApi().on(
      'POST /api/settings/symbols/validate',
      ok(validateSymbolsResponseSchema, { success: true, symbols: many }),
    );
    const { user, fileInput } = showModal([]);
    const modal = screen.getByTestId('edit-quote-modal');
    expect(modal).not.toHaveClass('modal-wide');
    await user.upload(fileInput(), new File([many.join('\n')], 'q.csv', { type: 'text/csv' }));
    await waitFor(() => expect(modal).toHaveClass('modal-wide'));
    expect(chips(quotesText.adding)).toHaveLength(101);
  });
});
