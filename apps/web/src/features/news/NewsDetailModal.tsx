import type { NewsArticle } from '@tapeline/core';
import { Modal } from '../../ui/Modal.tsx';
import { useExtractedUrl } from './newsApi.ts';
import { safeHref } from './newsRules.ts';
import { NEWS_TEXT } from './newsText.ts';
import { formatNewsTimestamp } from './newsTime.ts';

/**
 * The body is the one thing set as HTML: `details.details` is the server's sanitize-html output
 * (policy newsBody: an allowlist, links forced to noopener), served under the CSP. Everything
 * else here — titles, descriptions, names, links — is text or an http(s) href.
 */
function Body({ article }: { article: NewsArticle }) {
  const html = article.details.details;
  if (html) {
    // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server (platform/html/sanitize.ts)
    return <div className="news-detail__body" dangerouslySetInnerHTML={{ __html: html }} />;
  }
  const text = article.details.description || article.description;
  return text ? <p className="news-detail__body">{text}</p> : null;
}

/**
 * 'Read article' is a plain link to the item's url, so no popup blocker stands in the way; its
 * href becomes the canonical url when POST /api/news/extract answers (a failure keeps the url).
 */
function ReadArticle({ article }: { article: NewsArticle }) {
  const own = safeHref(article.url);
  const extracted = safeHref(useExtractedUrl(article.id, own !== null));
  const href = extracted ?? own;
  if (!href) return null;
  return (
    <a className="btn btn-primary news-detail__read" href={href} target="_blank" rel="noopener noreferrer">
      {NEWS_TEXT.readArticle}
    </a>
  );
}

export function NewsDetailModal({ article, onClose }: { article: NewsArticle | null; onClose(): void }) {
  return (
    <Modal
      open={article !== null}
      title={article?.title ?? NEWS_TEXT.detail}
      onClose={onClose}
      testId="news-detail"
      className="news-detail"
    >
      {article && <Detail article={article} />}
    </Modal>
  );
}

function Detail({ article }: { article: NewsArticle }) {
  const source = safeHref(article.url);
  const filing = safeHref(article.details.linkToFilingDetails);
  return (
    <div className="news-detail__content">
      {article.symbols.length > 0 && (
        <ul className="news-detail__symbols" aria-label={NEWS_TEXT.symbols}>
          {article.symbols.map((s) => (
            <li key={s} className="news-chip">
              {s}
            </li>
          ))}
        </ul>
      )}
      <p className="news-detail__meta">
        <span className="news-detail__source">
          {source ? (
            <a href={source} target="_blank" rel="noopener noreferrer">
              {article.source.name}
            </a>
          ) : (
            article.source.name
          )}
        </span>
        <span>
          {NEWS_TEXT.publishedAt}{' '}
          <time dateTime={article.publishedAt}>{formatNewsTimestamp(article.publishedAt)}</time>
        </span>
      </p>
      <Body article={article} />
      <div className="modal-actions news-detail__actions">
        {filing && (
          <a className="btn btn-secondary" href={filing} target="_blank" rel="noopener noreferrer">
            {NEWS_TEXT.filingDetails}
          </a>
        )}
        <ReadArticle article={article} />
      </div>
    </div>
  );
}
