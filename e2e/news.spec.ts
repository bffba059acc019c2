import { type NewsAnswer, PRODUCT_NAME } from '@tapeline/core';
import { apiAs as api } from './support/api.ts';
import { cell, dashboardReady } from './support/dashboard.ts';
import { signInSubscriber } from './support/subscriber.ts';
import { expect, type Locator, type Page, test } from './support/test.ts';
import { freshEmail } from './support/users.ts';

// A Pro trader on the embedded defaults: the simulated wire (the simulator's runners, halts and
// filings) is stored and listed in the News widget. Fav and symbol filters, 'Load more...', the
// detail modal and the widget alone in /popout/news, all against the real server.

const LIST = 'News, newest first';
const PAGE = 30;

const rowsOf = (news: Locator) => news.getByRole('list', { name: LIST }).getByRole('listitem');

/** Each listed row's symbols, as shown. */
const rowSymbols = (news: Locator) =>
  news.locator('.news-row__symbols').evaluateAll((els) => els.map((el) => el.textContent ?? ''));

const newsAnswer = (page: Page, query = '') =>
  api<NewsAnswer>(page, 'GET', `/api/news${query}`).then((r) => {
    expect(r.status).toBe(200);
    return r.body;
  });

/** The widget's next GET /api/news whose query matches. */
const newsRequest = (page: Page, match: (params: URLSearchParams) => boolean) =>
  page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname === '/api/news' && r.request().method() === 'GET' && match(url.searchParams);
  });

async function openNews(page: Page): Promise<Locator> {
  await dashboardReady(page);
  const news = cell(page, 'news');
  await news.scrollIntoViewIfNeeded();
  return news;
}

test('news: listed from the simulated wire, fav and symbol filters, Load more, the detail modal, /popout/news', async ({
  page,
}, info) => {
  test.setTimeout(240_000);
  await signInSubscriber(page, freshEmail(info, 'news'));
  let news = await openNews(page);

  // Articles within 60 s of start. (The recency mark depends on the simulated clock's time of
  // day against the wall clock; NewsWidget.test.tsx proves it.)
  await expect(rowsOf(news).first()).toBeVisible({ timeout: 60_000 });

  // Two symbols that have news: one becomes a favourite, the other is searched.
  const listed = await newsAnswer(page, '?limit=50');
  const symbols = [...new Set(listed.articles.flatMap((a) => a.symbols))];
  expect(symbols.length).toBeGreaterThan(0);
  const fav = symbols[0] as string;
  const searched = (symbols[1] ?? fav) as string;
  expect((await api(page, 'POST', '/api/quotes', { adds: [fav], deletes: [] })).status).toBe(200);

  // Fav: the favourites' articles only.
  await page.reload();
  news = await openNews(page);
  await expect(rowsOf(news).first()).toBeVisible();
  const favAsked = newsRequest(page, (q) => q.get('symbols') === fav);
  await news.getByRole('button', { name: 'Fav', exact: true }).click();
  await favAsked;
  await expect(news.getByRole('button', { name: 'Fav', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(rowsOf(news).first()).toBeVisible();
  await expect
    .poll(async () => (await rowSymbols(news)).every((s) => s.split(', ').includes(fav)))
    .toBe(true);

  // A symbol typed in lower case is searched upper-cased and kept in the recents.
  const symbolAsked = newsRequest(page, (q) => q.get('symbols') === searched);
  const search = news.getByRole('searchbox', { name: 'Search news by symbol' });
  await search.fill(searched.toLowerCase());
  await expect(search).toHaveValue(searched);
  await search.press('Enter');
  await symbolAsked;
  const recents = news.getByRole('list', { name: 'Recent symbols' });
  await expect(recents.getByRole('button', { name: searched, exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(rowsOf(news).first()).toBeVisible();
  await expect
    .poll(async () => (await rowSymbols(news)).every((s) => s.split(', ').includes(searched)))
    .toBe(true);

  // Removing the selected recent goes back to all.
  await recents.getByRole('button', { name: `Remove ${searched} from recent symbols` }).click();
  await expect(news.getByRole('button', { name: 'All', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // 'Load more...' once the store holds more than a page: the next page starts after the last row.
  await expect
    .poll(async () => (await newsAnswer(page)).total, { timeout: 120_000, intervals: [2_000] })
    .toBeGreaterThan(PAGE);
  await page.reload();
  news = await openNews(page);
  await expect(rowsOf(news).nth(PAGE - 1)).toBeVisible();
  const lastId = await rowsOf(news)
    .nth(PAGE - 1)
    .getAttribute('data-id');
  const more = newsRequest(page, (q) => q.has('last_id'));
  await news.getByRole('button', { name: 'Load more...' }).click();
  const response = await more;
  const asked = new URL(response.url()).searchParams;
  expect(asked.get('last_id')).toBe(lastId);
  expect(asked.get('publishedAt')).toBeTruthy();
  const older = ((await response.json()) as NewsAnswer).articles;
  expect(older.length).toBeGreaterThan(0);
  await expect(news.locator(`li[data-id="${older[0]?.id}"]`)).toBeVisible();
  // Newest first throughout, the older page below the first.
  const times = await news
    .locator('.news-row time')
    .evaluateAll((els) => els.map((el) => Date.parse(el.getAttribute('datetime') ?? '')));
  expect(times).toEqual([...times].sort((a, b) => b - a));

  // The detail modal: symbols, title, publisher, New York time, body; no 'Read article' without a url.
  const first = rowsOf(news).first();
  const title = (await first.locator('.news-row__title').textContent()) ?? '';
  await first.getByRole('button').click();
  const modal = page.getByTestId('news-detail');
  await expect(modal.getByRole('heading', { name: title })).toBeVisible();
  await expect(modal.getByRole('list', { name: 'Symbols' }).getByRole('listitem').first()).toBeVisible();
  await expect(modal).toContainText(/[A-Z][a-z]{2} [A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}:\d{2} ET/);
  await expect(modal.locator('.news-detail__body')).not.toBeEmpty();
  await expect(modal.getByRole('link', { name: 'Read article' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(modal.getByRole('heading', { name: title })).toBeHidden();

  // The widget alone in its own window.
  await page.goto('/popout/news');
  await expect(page.getByTestId('popout-news')).toBeVisible();
  await expect(page).toHaveTitle(`${PRODUCT_NAME} — News`);
  await expect(
    page.getByTestId('popout-news').getByRole('list', { name: LIST }).getByRole('listitem').first(),
  ).toBeVisible();
});
