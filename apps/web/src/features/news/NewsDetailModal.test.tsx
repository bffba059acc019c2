import { defaultConfig, newsExtractAnswerSchema } from '@tapeline/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../test-setup/fakeApi.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { widgetProps } from '../../test-setup/widgetProps.ts';
import { NewsWidget } from './NewsWidget.tsx';
import { NEWS_TEXT } from './newsText.ts';
import { article } from './testing/newsFixtures.ts';
import { newsPage, newsServer } from './testing/newsTestKit.ts';

vi.mock('../../lib/tabSocket.ts', () => ({
  subscribeStream: () => () => {},
  listenSocket: () => () => {},
}));

// 14:31:05 UTC on Fri 20 Nov 2026 is 09:31:05 in New York (EST).
const STORY = article(812, '2026-11-20T14:31:05.000Z', {
  title: 'ABC <b>beats</b> estimates',
  symbols: ['ABC', 'XYZ'],
  url: 'https://www.example.com/abc?utm_source=feed',
  source: { id: 'alpaca', name: 'Benzinga' },
  details: {
    details: '<p>Revenue rose <strong>12%</strong>.</p>',
    description: 'Revenue rose.',
    linkToFilingDetails: null,
  },
});
const SIMULATED = article(9, '2026-11-20T14:00:00.000Z', {
  title: 'Simulated wire item',
  url: null,
  source: { id: 'simulated', name: 'Tapeline Sim Wire' },
  details: { details: null, description: 'A plain description.', linkToFilingDetails: null },
});

const renderNews = () => renderUi(<NewsWidget {...widgetProps('news', { config: defaultConfig() })} />);
const openArticle = async (user: ReturnType<typeof renderNews>['user'], title: string | RegExp) => {
  await user.click(await screen.findByRole('button', { name: title }));
  return screen.getByTestId('news-detail');
};

describe('NewsDetailModal', () => {
  it('shows symbols, title as text, the publisher linking to the url, New York time and the sanitized body', async () => {
    const server = newsServer(() => newsPage(1, [STORY]));
    server.api.on('POST /api/news/extract', ok(newsExtractAnswerSchema, { url: 'https://example.com/abc' }));
    const { user } = renderNews();

    const modal = await openArticle(user, /ABC <b>beats<\/b> estimates/);
    expect(within(modal).getByRole('heading', { name: 'ABC <b>beats</b> estimates' })).toBeInTheDocument();
    expect(
      within(within(modal).getByRole('list', { name: NEWS_TEXT.symbols }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['ABC', 'XYZ']);
    const source = within(modal).getByRole('link', { name: 'Benzinga' });
    expect(source).toHaveAttribute('href', STORY.url);
    expect(source).toHaveAttribute('rel', 'noopener noreferrer');
    expect(modal).toHaveTextContent('Fri Nov 20, 2026 09:31:05 ET');
    // The body is the server's sanitized HTML; the title stayed text (no <b> element made of it).
    expect(within(modal).getByText('12%').tagName).toBe('STRONG');
    expect(within(modal).queryByText('beats', { selector: 'b' })).toBeNull();
  });

  it("'Read article' opens the url in a new tab, and takes the extracted canonical url when it arrives", async () => {
    const server = newsServer(() => newsPage(1, [STORY]));
    server.api.on('POST /api/news/extract', ok(newsExtractAnswerSchema, { url: 'https://example.com/abc' }));
    // The extract answer is held until the test lets it through, to see the link before and after.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const network = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/api/news/extract')) await held;
      return network(input, init);
    });
    const { user } = renderNews();

    const modal = await openArticle(user, /beats/);
    const read = within(modal).getByRole('link', { name: NEWS_TEXT.readArticle });
    expect(read).toHaveAttribute('href', STORY.url);
    expect(read).toHaveAttribute('target', '_blank');
    expect(read).toHaveAttribute('rel', 'noopener noreferrer');
    release();
    await waitFor(() => expect(read).toHaveAttribute('href', 'https://example.com/abc'));
    expect(server.api.calls('POST /api/news/extract').map((r) => r.body)).toEqual([{ id: 812 }]);
  });

  it('a failed extract silently keeps the article’s own url', async () => {
    const server = newsServer(() => newsPage(1, [STORY]));
    server.api.on('POST /api/news/extract', fail(429, 'rate_limited'));
    const { user } = renderNews();

    const modal = await openArticle(user, /beats/);
    await waitFor(() => expect(server.api.calls('POST /api/news/extract')).toHaveLength(1));
    const read = within(modal).getByRole('link', { name: NEWS_TEXT.readArticle });
    expect(read).toHaveAttribute('href', STORY.url);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('an article without a url has no Read article link, no source link, asks no extract, and shows its text', async () => {
    const server = newsServer(() => newsPage(1, [SIMULATED]));
    const { user } = renderNews();

    const modal = await openArticle(user, /Simulated wire item/);
    expect(within(modal).queryByRole('link')).toBeNull();
    expect(modal).toHaveTextContent('Tapeline Sim Wire');
    expect(modal).toHaveTextContent('A plain description.');
    expect(server.api.calls('POST /api/news/extract')).toHaveLength(0);

    await user.click(within(modal).getByRole('button', { name: /close/i }));
    expect(screen.queryByRole('heading', { name: 'Simulated wire item' })).toBeNull();
  });
});
