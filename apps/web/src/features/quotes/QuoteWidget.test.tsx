import {
  PROTOCOL_VERSION,
  QUOTE_EVENTS,
  quoteListSchema,
  quoteMessages,
  quotePinAnswerSchema,
  quotesDeleteAnswerSchema,
  quotesEditAnswerSchema,
} from '@tapeline/core';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, ok } from '../../test-setup/fakeApi.ts';
import { emit, socket } from '../../test-setup/fakeSocket.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { widgetProps } from '../../test-setup/widgetProps.ts';
import { QuoteWidget } from './QuoteWidget.tsx';
import { editAnswer, quoteFixture } from './quoteFixtures.ts';
import { quotesText } from './quotesText.ts';

// The socket is the network here, as fetch is: the tab's socket is replaced by a hand-fed one.
vi.mock('../../lib/tabSocket.ts', () => import('../../test-setup/fakeSocket.ts'));

const [AAPL, MSFT, TSLA] = [
  quoteFixture('AAPL', { percent: 2 }),
  quoteFixture('MSFT', { percent: -1 }),
  quoteFixture('TSLA', { percent: 5 }),
];
const LIST = [AAPL, MSFT, TSLA];
const showWidget = () => renderUi(<QuoteWidget {...widgetProps('quote')} />);
const cardSymbols = () => screen.getAllByTestId('quote-card').map((c) => c.dataset.symbol);

describe('QuoteWidget', () => {
  // The cards and the list are lazy chunks (the drag library comes with the first card): loaded
  // once here, so a test's first render does not wait on the module transform.
  beforeAll(async () => {
    await Promise.all([import('./QuoteSlider.tsx'), import('./QuoteList.tsx')]);
  });

  it('shows a card per quote with price, change and sparkline, and moves with live frames', async () => {
    fakeApi().on('GET /api/quotes', ok(quoteListSchema, LIST));
    showWidget();
    await screen.findAllByTestId('quote-card');
    expect(cardSymbols()).toEqual(['AAPL', 'MSFT', 'TSLA']);
    expect(socket.rooms.get(QUOTE_EVENTS.update)).toEqual({
      join: [QUOTE_EVENTS.subscribe, { v: PROTOCOL_VERSION }],
      leave: [QUOTE_EVENTS.unsubscribe, { v: PROTOCOL_VERSION }],
    });

    emit(QUOTE_EVENTS.update, { v: PROTOCOL_VERSION, q: [['MSFT', 12.34, 5.21, 0.61, 12.9, 11.02]] });
    const msft = screen.getAllByTestId('quote-card')[1] as HTMLElement;
    // TanStack Query tells its readers on the next task.
    await waitFor(() => expect(within(msft).getByTestId('quote-price')).toHaveTextContent('12.34'));
    expect(within(msft).getByTestId('quote-percent')).toHaveTextContent('+5.21%');
    expect(within(msft).getByTestId('quote-percent')).toHaveClass('is-up');
    // A frame core's schema refuses changes nothing.
    emit(QUOTE_EVENTS.update, { v: PROTOCOL_VERSION, q: [['MSFT', 'x']] });
    expect(within(msft).getByTestId('quote-price')).toHaveTextContent('12.34');
  });

  it('says the fetch failed in the spec’s words', async () => {
    fakeApi().on('GET /api/quotes', fail(500, 'internal'));
    showWidget();
    expect(await screen.findByText(quoteMessages.fetchFailed)).toBeInTheDocument();
  });

  it('offers an add button when there are no quotes, and adds through Edit Quote', async () => {
    const added = [quoteFixture('ABC'), quoteFixture('MSFT')];
    const api = fakeApi()
      .on('GET /api/quotes', ok(quoteListSchema, []))
      .on('POST /api/quotes', ok(quotesEditAnswerSchema, editAnswer(added, ['NOPE1'], ['ABC'])));
    const { user } = showWidget();
    expect(await screen.findByText(quotesText.empty)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: quotesText.add }));
    const modal = await screen.findByTestId('edit-quote-modal');
    await user.type(
      within(modal).getByRole('textbox', { name: quotesText.addField }),
      'abc nope1,msft abc{Enter}',
    );
    await user.click(within(modal).getByRole('button', { name: quotesText.save }));

    expect(await screen.findByText(quoteMessages.updated)).toBeInTheDocument();
    expect(screen.getByText('NOPE1, ABC is invalid or duplicated')).toBeInTheDocument();
    expect(api.calls('POST /api/quotes')[0]?.body).toEqual({ adds: ['ABC', 'NOPE1', 'MSFT'], deletes: [] });
    expect(cardSymbols()).toEqual(['ABC', 'MSFT']);
    expect(screen.queryByTestId('edit-quote-modal')).not.toBeInTheDocument();
  });

  it.each([
    ['nothing changed', null, quoteMessages.noChange],
    ['the server counts past 75', fail(400, 'overflow'), quoteMessages.overLimit],
    [
      'nothing to add or delete',
      fail(400, 'empty_symbol'),
      `${quoteMessages.updateFailed} ${quoteMessages.emptySymbol}`,
    ],
    [
      'the server fails',
      fail(500, 'internal'),
      `${quoteMessages.updateFailed} ${quoteMessages.somethingWrong}`,
    ],
  ])('a save where %s gives its §8 toast and keeps the modal open', async (_, answer, message) => {
    const api = fakeApi().on('GET /api/quotes', ok(quoteListSchema, LIST));
    if (answer) api.on('POST /api/quotes', answer);
    const { user } = showWidget();
    await screen.findAllByTestId('quote-card');
    await user.click(screen.getByRole('button', { name: quotesText.editShort }));
    const modal = await screen.findByTestId('edit-quote-modal');
    if (answer) await user.type(within(modal).getByRole('textbox'), 'zzz{Enter}');
    await user.click(within(modal).getByRole('button', { name: quotesText.save }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(api.calls('POST /api/quotes')).toHaveLength(answer ? 1 : 0);
    expect(modal).toHaveAttribute('open');
  });

  it('refuses more than 75 quotes without asking the server', async () => {
    const full = Array.from({ length: 75 }, (_, i) => quoteFixture(`Q${i}`));
    const api = fakeApi().on('GET /api/quotes', ok(quoteListSchema, full));
    const { user } = showWidget();
    await screen.findAllByTestId('quote-card');
    await user.click(screen.getByRole('button', { name: quotesText.editShort }));
    await user.type(await screen.findByRole('textbox', { name: quotesText.addField }), 'ONEMORE ');
    await user.click(screen.getByRole('button', { name: quotesText.save }));
    expect(await screen.findByText(quoteMessages.overLimit)).toBeInTheDocument();
    expect(api.calls('POST /api/quotes')).toHaveLength(0);
  });

  it('removes a quote from the list, and says so when that fails', async () => {
    const api = fakeApi()
      .on('GET /api/quotes', ok(quoteListSchema, LIST))
      .on('DELETE /api/quotes/MSFT', ok(quotesDeleteAnswerSchema, { success: true, data: [AAPL, TSLA] }))
      .on('DELETE /api/quotes/TSLA', fail(500, 'internal'));
    const { user } = showWidget();
    await screen.findAllByTestId('quote-card');
    await user.click(screen.getByRole('button', { name: quotesText.showList }));
    await user.click(await screen.findByRole('button', { name: quotesText.remove('MSFT') }));
    expect(await screen.findAllByTestId('quote-row')).toHaveLength(2);
    expect(cardSymbols()).toEqual(['AAPL', 'TSLA']);

    await user.click(screen.getByRole('button', { name: quotesText.remove('TSLA') }));
    expect(await screen.findByText(quoteMessages.removeFailed('TSLA'))).toBeInTheDocument();
    expect(api.calls('DELETE /api/quotes/TSLA')).toHaveLength(1);
  });

  it('sets a pin with Enter and shows its distance; a failed set says so', async () => {
    const pinned = quoteFixture('AAPL', { pin: 13, pin_percent: 30 });
    const api = fakeApi()
      .on('GET /api/quotes', ok(quoteListSchema, LIST))
      .on('POST /api/quotes/pin/AAPL', ok(quotePinAnswerSchema, { success: true, data: pinned }))
      .on('POST /api/quotes/pin/MSFT', fail(500, 'internal'));
    const { user } = showWidget();
    await screen.findAllByTestId('quote-card');
    await user.click(screen.getByRole('button', { name: quotesText.pin('AAPL') }));
    await user.type(screen.getByRole('textbox', { name: quotesText.pinField('AAPL') }), '13{Enter}');
    expect(await screen.findByTestId('pin-distance')).toHaveTextContent('13.00 +30.00% to pin');
    expect(api.calls('POST /api/quotes/pin/AAPL')[0]?.body).toEqual({ pin: 13 });

    await user.click(screen.getByRole('button', { name: quotesText.pin('MSFT') }));
    await user.type(screen.getByRole('textbox', { name: quotesText.pinField('MSFT') }), '9{Enter}');
    expect(
      await screen.findByText(`${quoteMessages.updateFailed} ${quoteMessages.somethingWrong}`),
    ).toBeInTheDocument();
  });
});
