import type { DashboardConfig, NewsArticle } from '@tapeline/core';
import { NewsRow } from './NewsRow.tsx';
import { isRecent } from './newsRules.ts';
import { NEWS_TEXT } from './newsText.ts';

/** The articles newest first, and 'Load more...' while fewer are loaded than the store holds. */
export function NewsList({
  articles,
  news,
  now,
  hasMore,
  loadingMore,
  onLoadMore,
  onOpen,
}: {
  articles: readonly NewsArticle[];
  news: DashboardConfig['news'];
  now: number;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore(): void;
  onOpen(article: NewsArticle): void;
}) {
  return (
    <div className="news-scroll">
      <ul className="news-list" aria-label={NEWS_TEXT.list}>
        {articles.map((article) => (
          <NewsRow
            key={article.id}
            article={article}
            recent={isRecent(article, news, now)}
            now={now}
            onOpen={onOpen}
          />
        ))}
      </ul>
      {hasMore && (
        <button type="button" className="news-more" disabled={loadingMore} onClick={onLoadMore}>
          {NEWS_TEXT.loadMore}
        </button>
      )}
    </div>
  );
}
