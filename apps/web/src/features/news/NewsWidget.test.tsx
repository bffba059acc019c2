import { defaultConfig, NEWS_EVENTS, newsMessages, PROTOCOL_VERSION } from '@tapeline/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { emit, socket } from '../../test-setup/fakeSocket.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { widgetProps } from '../../test-setup/widgetProps.ts';
import { NewsWidget } from './NewsWidget.tsx';
import { NEWS_RECENTS_KEY } from './newsRecentsStore.ts';
import { NEWS_TEXT } from './newsText.ts';
import { article } from './testing/newsFixtures.ts';
import { newsPage, newsServer, paramsOf, quotesOf } from './testing/newsTestKit.ts';

// The socket is the network here: a hand-fed one replaces the tab's.
vi.mock('../../lib/tabSocket.ts', () => import('../../test-setup/fakeSocket.ts'));

const HOUR = 3_600_000;
// Relative to the real clock: the widget reads Date.now() for the recency mark, hours apart here.
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const FRESH = article(30, ago(HOUR), { symbols: ['ABC'], title: 'ABC wins a contract' });
const OLD = article(20, ago(48 * HOUR), { symbols: ['XYZ', 'ABC'], title: 'XYZ and ABC merge' });

const config = (hide_rf = false) => ({ ...defaultConfig(), news: { icon: true, recency: 8, hide_rf } });
const renderNews = (hideRf = false) =>
  renderUi(<NewsWidget {...widgetProps('news', { config: config(hideRf) })} />);
const list = () => screen.findByRole('list', { name: NEWS_TEXT.list });
const titles = () =>
  within(screen.getByRole('list', { name: NEWS_TEXT.list }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('.news-row__title')?.textContent);
const toggle = (name: string) =>
  within(screen.getByRole('group', { name: NEWS_TEXT.filter })).getByRole('button', { name });

describe('NewsWidget', () => {
  it('lists every article with time, symbols, title and publisher; the news mark only inside the recency window', async () => {
    const server = newsServer(() => newsPage(2, [FRESH, OLD]));
    renderNews();

    await list();
    expect(titles()).toEqual(['ABC wins a contract', 'XYZ and ABC merge']);
    expect(paramsOf(server.asked[0])).toEqual({ ig_rf: '0' });
    const [fresh, old] = within(await list()).getAllByRole('listitem');
    expect(fresh).toHaveTextContent('Example Wire');
    expect(within(fresh as HTMLElement).getByRole('img', { name: NEWS_TEXT.recentMark })).toBeInTheDocument();
    expect(old).toHaveTextContent('XYZ, ABC');
    expect(within(old as HTMLElement).queryByRole('img', { name: NEWS_TEXT.recentMark })).toBeNull();
    expect(toggle(NEWS_TEXT.all)).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('button', { name: NEWS_TEXT.loadMore })).toBeNull();
    // The tab joins the news room while the widget is on screen.
    expect(socket.rooms.get(NEWS_EVENTS.update)).toEqual({
      join: [NEWS_EVENTS.subscribe, { v: PROTOCOL_VERSION }],
      leave: [NEWS_EVENTS.unsubscribe, { v: PROTOCOL_VERSION }],
    });
  });

  it('fav asks the favourite quotes’ symbols, sorted', async () => {
    const server = newsServer(() => newsPage(1, [FRESH]));
    server.api.on('GET /api/quotes', quotesOf(['MSFT', 'ABC']));
    const { user } = renderNews();
    await list();

    await user.click(toggle(NEWS_TEXT.fav));
    await waitFor(() => expect(paramsOf(server.asked.at(-1))).toEqual({ symbols: 'ABC,MSFT', ig_rf: '0' }));
    expect(toggle(NEWS_TEXT.fav)).toHaveAttribute('aria-pressed', 'true');
  });

  it('fav without favourite quotes shows a hint and sends no request', async () => {
    const server = newsServer(() => newsPage(1, [FRESH]));
    const { user } = renderNews();
    await list();
    await waitFor(() => expect(server.api.calls('GET /api/quotes')).toHaveLength(1));

    await user.click(toggle(NEWS_TEXT.fav));
    expect(await screen.findByText(NEWS_TEXT.noFavorites)).toBeInTheDocument();
    expect(server.asked).toHaveLength(1);
  });

  it('a symbol search is upper-cased, applied on Enter and kept in the recents, newest first', async () => {
    const server = newsServer(() => newsPage(1, [FRESH]));
    const { user } = renderNews();
    await list();
    const search = screen.getByRole('searchbox', { name: NEWS_TEXT.search });

    await user.type(search, 'abc');
    expect(search).toHaveValue('ABC');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(paramsOf(server.asked.at(-1))).toEqual({ symbols: 'ABC', ig_rf: '0' }));
    await user.type(search, 'xyz{Enter}');
    await waitFor(() => expect(paramsOf(server.asked.at(-1))).toEqual({ symbols: 'XYZ', ig_rf: '0' }));

    const recents = screen.getByRole('list', { name: NEWS_TEXT.recents });
    expect(
      within(recents)
        .getAllByRole('button', { pressed: undefined })
        .map((b) => b.textContent),
    ).toEqual(['XYZ', '×', 'ABC', '×']);
    expect(JSON.parse(localStorage.getItem(NEWS_RECENTS_KEY) ?? '[]')).toEqual(['XYZ', 'ABC']);
    expect(within(recents).getByRole('button', { name: 'XYZ' })).toHaveAttribute('aria-pressed', 'true');
    expect(toggle(NEWS_TEXT.all)).toHaveAttribute('aria-pressed', 'false');

    // A recent applies again on a click (its list is still cached); an ill-formed search is refused.
    await user.click(within(recents).getByRole('button', { name: 'ABC' }));
    expect(screen.getByTestId('news-news')).toHaveAttribute('data-filter', 'ABC');
    const before = server.asked.length;
    await user.type(search, 'a$b{Enter}');
    expect(search).toHaveAttribute('aria-invalid', 'true');
    expect(server.asked).toHaveLength(before);
  });

  it('removing the selected recent goes back to all; removing another keeps the filter', async () => {
    localStorage.setItem(NEWS_RECENTS_KEY, JSON.stringify(['ABC', 'XYZ']));
    const server = newsServer(() => newsPage(1, [FRESH]));
    const { user } = renderNews();
    await list();
    const recents = screen.getByRole('list', { name: NEWS_TEXT.recents });

    await user.click(within(recents).getByRole('button', { name: 'ABC' }));
    await user.click(screen.getByRole('button', { name: NEWS_TEXT.removeRecent('XYZ') }));
    expect(within(recents).getByRole('button', { name: 'ABC' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: NEWS_TEXT.removeRecent('ABC') }));
    expect(toggle(NEWS_TEXT.all)).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('list', { name: NEWS_TEXT.recents })).toBeNull();
    expect(screen.getByTestId('news-news')).toHaveAttribute('data-filter', 'all');
    expect(server.asked.map(paramsOf)).toEqual([{ ig_rf: '0' }, { symbols: 'ABC', ig_rf: '0' }]);
    expect(JSON.parse(localStorage.getItem(NEWS_RECENTS_KEY) ?? 'null')).toEqual([]);
  });

  it("'Load more...' asks the page after the last article by {last_id, publishedAt}, until all are loaded", async () => {
    const older = article(5, ago(72 * HOUR), { title: 'Older story' });
    const server = newsServer((url) =>
      url.searchParams.has('last_id') ? newsPage(3, [older]) : newsPage(3, [FRESH, OLD]),
    );
    const { user } = renderNews();
    await list();

    await user.click(screen.getByRole('button', { name: NEWS_TEXT.loadMore }));
    await waitFor(() =>
      expect(titles()).toEqual(['ABC wins a contract', 'XYZ and ABC merge', 'Older story']),
    );
    expect(paramsOf(server.asked.at(-1))).toEqual({
      ig_rf: '0',
      last_id: '20',
      publishedAt: OLD.publishedAt,
    });
    expect(screen.queryByRole('button', { name: NEWS_TEXT.loadMore })).toBeNull();
  });

  it('hide_rf sends ig_rf=1 on every request and drops pushed filings', async () => {
    const server = newsServer((url) =>
      url.searchParams.has('last_id') ? newsPage(2, [OLD]) : newsPage(2, [FRESH]),
    );
    const { user } = renderNews(true);
    await list();
    await user.click(screen.getByRole('button', { name: NEWS_TEXT.loadMore }));
    await waitFor(() => expect(titles()).toHaveLength(2));
    expect(server.asked.map((u) => u.searchParams.get('ig_rf'))).toEqual(['1', '1']);

    const filing = article(40, ago(0), { kind: 'filing', title: '8-K filed' });
    const story = article(41, ago(0), { title: 'Breaking story' });
    emit(NEWS_EVENTS.update, { v: PROTOCOL_VERSION, articles: [filing, story] });
    await waitFor(() => expect(titles()).toHaveLength(3));
    expect(titles()).toEqual(['Breaking story', 'ABC wins a contract', 'XYZ and ABC merge']);
  });

  it('pushed articles outside the symbol filter are dropped; matching ones go on top', async () => {
    newsServer(() => newsPage(1, [FRESH]));
    const { user } = renderNews();
    await list();
    await user.type(screen.getByRole('searchbox', { name: NEWS_TEXT.search }), 'abc{Enter}');
    await waitFor(() => expect(screen.getByRole('list', { name: NEWS_TEXT.recents })).toBeInTheDocument());
    await list();

    const other = article(50, ago(0), { symbols: ['MSFT'], title: 'MSFT story' });
    const mine = article(51, ago(0), { symbols: ['ABC'], title: 'ABC story' });
    emit(NEWS_EVENTS.update, { v: PROTOCOL_VERSION, articles: [other, mine] });
    // A frame the server could not send is ignored whole.
    emit(NEWS_EVENTS.update, { v: PROTOCOL_VERSION, articles: [{ id: 'x' }] });
    await waitFor(() => expect(titles()).toHaveLength(2));
    expect(titles()).toEqual(['ABC story', 'ABC wins a contract']);
  });

  it(`says '${newsMessages.fetchFailed}' when a fetch fails and keeps the list it had`, async () => {
    const server = newsServer(() => newsPage(1, [FRESH]));
    const { queryClient } = renderNews();
    await list();

    server.answer(() => ({ status: 500, body: { error: 'internal' } }));
    await act(() => queryClient.refetchQueries({ queryKey: ['news'] }));
    expect(await screen.findByRole('alert')).toHaveTextContent(newsMessages.fetchFailed);
    expect(titles()).toEqual(['ABC wins a contract']);
  });
});
