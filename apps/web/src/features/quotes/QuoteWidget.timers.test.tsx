import {
  QUOTES_ORDER_SAVE_MS,
  QUOTES_SORT_CLOSE_MS,
  quoteListSchema,
  quoteMessages,
  quotePinAnswerSchema,
} from '@tapeline/core';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, ok } from '../../test-setup/fakeApi.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { signedIn } from '../../test-setup/session.tsx';
import { widgetProps } from '../../test-setup/widgetProps.ts';
import { PIN_RESET_SPIN_MS } from './PinControl.tsx';
import { QuoteWidget } from './QuoteWidget.tsx';
import { quoteFixture } from './quoteFixtures.ts';
import { quotesText } from './quotesText.ts';
import { SORT_KEY } from './useSortMethod.ts';

// What the widget does over time — the order saved 2 s after the last drop or when it goes away,
// the sort tools closing at 10 s, the reset's one-second turn — on a fake clock, started once the
// list is on screen. Each step is driven by hand; nothing waits on the wall clock.
vi.mock('../../lib/tabSocket.ts', () => ({
  subscribeStream: () => () => {},
  listenSocket: () => () => {},
}));

const LIST = [
  quoteFixture('AAPL', { percent: 2 }),
  quoteFixture('MSFT', { percent: -1, pin: 12, pin_percent: 20 }),
  quoteFixture('TSLA', { percent: 5 }),
];
const cardSymbols = () => screen.getAllByTestId('quote-card').map((c) => c.dataset.symbol);
/** Lets timers (TanStack Query tells its readers on a 0 ms timer) and promises run. */
const advance = (ms: number) => act(async () => vi.advanceTimersByTimeAsync(ms));

async function shown() {
  const api = fakeApi().on('GET /api/quotes', ok(quoteListSchema, LIST));
  const view = renderUi(<QuoteWidget {...widgetProps('quote')} />);
  await screen.findAllByTestId('quote-card');
  vi.useFakeTimers();
  return { api, ...view };
}

/** jsdom lays nothing out: cards get the places a browser would give a row of 150 px cards. */
function layOutCards() {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const cards = screen.queryAllByTestId('quote-card');
    const at = cards.indexOf(this);
    return at < 0 ? new DOMRect(0, 0, 0, 0) : new DOMRect(at * 160, 0, 150, 100);
  });
}

/** Moves a card one place right with the keyboard sensor: Space lifts, → moves, Space drops. */
async function dragRight(symbol: string) {
  const grip = screen.getByRole('button', { name: quotesText.dragHandle(symbol) });
  grip.focus();
  fireEvent.keyDown(grip, { code: 'Space', key: ' ' });
  await advance(0);
  fireEvent.keyDown(grip, { code: 'ArrowRight', key: 'ArrowRight' });
  await advance(0);
  fireEvent.keyDown(grip, { code: 'Space', key: ' ' });
  await advance(0);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('QuoteWidget over time', () => {
  it('saves the order 2 s after the last drop, once', async () => {
    const { api } = await shown();
    api.on('POST /api/quotes/reorder', { status: 200, body: { success: true } });
    layOutCards();
    await dragRight('AAPL');
    expect(cardSymbols()).toEqual(['MSFT', 'AAPL', 'TSLA']);
    await advance(QUOTES_ORDER_SAVE_MS - 500);
    await dragRight('AAPL');
    expect(cardSymbols()).toEqual(['MSFT', 'TSLA', 'AAPL']);
    await advance(QUOTES_ORDER_SAVE_MS - 1);
    expect(api.calls('POST /api/quotes/reorder')).toHaveLength(0);
    await advance(1);
    expect(api.calls('POST /api/quotes/reorder').map((r) => r.body)).toEqual([
      { quotes: ['MSFT', 'TSLA', 'AAPL'] },
    ]);
  });

  it('sends an unsaved order with a keepalive fetch when the widget goes away', async () => {
    const { api, unmount } = await shown();
    signedIn(api);
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    layOutCards();
    await dragRight('MSFT');
    unmount();
    const reorders = api.calls('POST /api/quotes/reorder');
    expect(reorders.map((r) => r.body)).toEqual([{ quotes: ['AAPL', 'TSLA', 'MSFT'] }]);
    expect(fetchSpy.mock.calls.find(([path]) => path === '/api/quotes/reorder')?.[1]).toMatchObject({
      keepalive: true,
    });
    // The debounce was cancelled, not left to send it twice.
    await advance(QUOTES_ORDER_SAVE_MS * 2);
    expect(api.calls('POST /api/quotes/reorder')).toHaveLength(1);
  });

  it('says so when saving the order fails', async () => {
    const { api } = await shown();
    api.on('POST /api/quotes/reorder', fail(500, 'internal'));
    layOutCards();
    await dragRight('AAPL');
    await advance(QUOTES_ORDER_SAVE_MS);
    expect(screen.getByText(quoteMessages.orderFailed)).toBeInTheDocument();
  });

  it('closes the sort tools 10 s after opening or the last choice, keeping the method', async () => {
    await shown();
    fireEvent.click(screen.getByRole('button', { name: quotesText.sortTools }));
    await advance(QUOTES_SORT_CLOSE_MS - 1000);
    fireEvent.click(screen.getByRole('button', { name: quotesText.sortPercentLabel }));
    await advance(0);
    expect(cardSymbols()).toEqual(['TSLA', 'AAPL', 'MSFT']);
    expect(localStorage.getItem(SORT_KEY)).toBe('%');
    // A sorted view cannot be dragged.
    expect(screen.queryByRole('button', { name: quotesText.dragHandle('AAPL') })).not.toBeInTheDocument();
    await advance(QUOTES_SORT_CLOSE_MS - 1);
    expect(screen.getByTestId('quote-sort-tools')).toBeInTheDocument();
    await advance(1);
    expect(screen.queryByTestId('quote-sort-tools')).not.toBeInTheDocument();
    expect(cardSymbols()).toEqual(['TSLA', 'AAPL', 'MSFT']);
  });

  it('holds the reset’s turn for one second, and says so when the reset fails', async () => {
    const { api } = await shown();
    api.on('POST /api/quotes/pin/MSFT', fail(500, 'internal'));
    const reset = screen.getByRole('button', { name: quotesText.pinReset('MSFT') });
    fireEvent.click(reset);
    expect(reset).toHaveClass('is-spinning');
    await advance(PIN_RESET_SPIN_MS - 1);
    expect(reset).toHaveClass('is-spinning');
    expect(screen.getByText(quoteMessages.pinResetFailed('MSFT'))).toBeInTheDocument();
    await advance(1);
    expect(reset).not.toHaveClass('is-spinning');
  });

  it('keeps the reset button turning after a reset that cleared the pin', async () => {
    const { api } = await shown();
    const cleared = quoteFixture('MSFT', { pin: null, pin_percent: null });
    api.on('POST /api/quotes/pin/MSFT', ok(quotePinAnswerSchema, { success: true, data: cleared }));
    fireEvent.click(screen.getByRole('button', { name: quotesText.pinReset('MSFT') }));
    await advance(10);
    const card = screen.getAllByTestId('quote-card')[1] as HTMLElement;
    expect(within(card).queryByTestId('pin-distance')).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: quotesText.pinReset('MSFT') })).toHaveClass(
      'is-spinning',
    );
    expect(api.calls('POST /api/quotes/pin/MSFT')[0]?.body).toEqual({ pin: null });
    await advance(PIN_RESET_SPIN_MS);
    expect(within(card).queryByRole('button', { name: quotesText.pinReset('MSFT') })).not.toBeInTheDocument();
  });
});

describe("the '/' shortcut", () => {
  it('opens Edit Quote from the page, not from a field, with a modifier or over another modal', async () => {
    await shown();
    const field = document.body.appendChild(document.createElement('input'));
    fireEvent.keyDown(field, { key: '/' });
    fireEvent.keyDown(document.body, { key: '/', ctrlKey: true });
    const other = document.body.appendChild(document.createElement('div'));
    other.setAttribute('role', 'dialog');
    other.setAttribute('aria-modal', 'true');
    fireEvent.keyDown(document.body, { key: '/' });
    await advance(0);
    expect(screen.queryByTestId('edit-quote-modal')).not.toBeInTheDocument();

    other.remove();
    const notPrevented = fireEvent.keyDown(document.body, { key: '/' });
    expect(notPrevented).toBe(false);
    // The modal's chunk loads on the real clock.
    vi.useRealTimers();
    expect(await screen.findByTestId('edit-quote-modal')).toHaveAttribute('open');
    field.remove();
  });
});
