import type { NewsArticle } from '@tapeline/core';
import { memo } from 'react';
import { NEWS_TEXT } from './newsText.ts';
import { formatNewsTime } from './newsTime.ts';

/** One article in the list: time, symbols, title, publisher and the stream's news mark. */
export const NewsRow = memo(function NewsRow({
  article,
  recent,
  now,
  onOpen,
}: {
  article: NewsArticle;
  recent: boolean;
  now: number;
  onOpen(article: NewsArticle): void;
}) {
  return (
    <li className="news-row" data-id={article.id} data-kind={article.kind}>
      <button type="button" className="news-row__open" onClick={() => onOpen(article)}>
        <span className="news-row__meta">
          <time className="news-row__time" dateTime={article.publishedAt}>
            {formatNewsTime(article.publishedAt, now)}
          </time>
          {article.symbols.length > 0 && (
            <span className="news-row__symbols">{article.symbols.join(', ')}</span>
          )}
          {recent && (
            <span
              className="news-mark"
              role="img"
              aria-label={NEWS_TEXT.recentMark}
              title={NEWS_TEXT.recentMark}
            />
          )}
        </span>
        <span className="news-row__title">{article.title}</span>
        <span className="news-row__publisher">{article.source.name}</span>
      </button>
    </li>
  );
});
