import { isValidSymbol, type NewsArticle, normalizeSymbol } from '@tapeline/core';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useMarketMinute } from '../../lib/marketClock.ts';
import { useQuoteSymbols } from '../../lib/quotesApi.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { useToast } from '../../ui/toast.tsx';
import type { WidgetProps } from '../../ui/widgetContract.ts';
import { NewsDetailModal } from './NewsDetailModal.tsx';
import { NewsList } from './NewsList.tsx';
import { NewsRecents } from './NewsRecents.tsx';
import { useLiveNews, useNews } from './newsApi.ts';
import { useNewsRecents } from './newsRecentsStore.ts';
import { ALL_NEWS, articlesOf, type NewsFilter, pushRecent, queryOf, removeRecent } from './newsRules.ts';
import { NEWS_TEXT } from './newsText.ts';
import './news.css';

function SymbolSearch({ onSearch }: { onSearch(symbol: string): void }) {
  const [draft, setDraft] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const symbol = normalizeSymbol(draft);
    if (symbol === '') return;
    if (!isValidSymbol(symbol)) {
      setInvalid(true);
      return;
    }
    onSearch(symbol);
    setDraft('');
  };
  return (
    <form className="news-search" onSubmit={submit}>
      <input
        type="search"
        aria-label={NEWS_TEXT.search}
        placeholder={NEWS_TEXT.searchPlaceholder}
        value={draft}
        maxLength={16}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={invalid || undefined}
        title={invalid ? NEWS_TEXT.notASymbol : undefined}
        onChange={(e) => {
          setDraft(e.target.value.toUpperCase());
          setInvalid(false);
        }}
      />
    </form>
  );
}

/** The news feed: all, the favourites' or one symbol's articles, live, with a detail modal. */
export function NewsWidget({ id, config }: WidgetProps) {
  const toast = useToast();
  const favorites = useQuoteSymbols();
  const [filter, setFilter] = useState<NewsFilter>(ALL_NEWS);
  const [recents, setRecents] = useNewsRecents();
  const [open, setOpen] = useState<NewsArticle | null>(null);
  const now = useMarketMinute();
  const hideRf = config.news.hide_rf;
  const query = useMemo(() => queryOf(filter, favorites, hideRf), [filter, favorites, hideRf]);
  const news = useNews(query);
  useLiveNews(query);

  // Each failed fetch says so; the list already loaded stays on screen.
  useEffect(() => {
    if (news.errorUpdatedAt > 0) toast(NEWS_TEXT.fetchFailed, { tone: 'error' });
  }, [news.errorUpdatedAt, toast]);

  const articles = useMemo(() => articlesOf(news.data?.pages ?? []), [news.data]);
  const selected = filter.kind === 'symbol' ? filter.symbol : null;

  const search = (symbol: string) => {
    setFilter({ kind: 'symbol', symbol });
    setRecents(pushRecent(recents, symbol));
  };
  const remove = (symbol: string) => {
    const next = removeRecent(recents, symbol, filter);
    setRecents(next.recents);
    setFilter(next.filter);
  };

  const empty =
    query === null
      ? NEWS_TEXT.noFavorites
      : filter.kind === 'symbol'
        ? NEWS_TEXT.emptySymbol(filter.symbol)
        : NEWS_TEXT.empty;

  return (
    <div
      className="widget-stack news-widget"
      data-testid={`news-${id}`}
      data-filter={selected ?? filter.kind}
    >
      <div className="news-head">
        <fieldset className="news-toggle" aria-label={NEWS_TEXT.filter}>
          <button type="button" aria-pressed={filter.kind === 'all'} onClick={() => setFilter(ALL_NEWS)}>
            {NEWS_TEXT.all}
          </button>
          <button
            type="button"
            aria-pressed={filter.kind === 'fav'}
            onClick={() => setFilter({ kind: 'fav' })}
          >
            {NEWS_TEXT.fav}
          </button>
        </fieldset>
        <SymbolSearch onSearch={search} />
      </div>
      <NewsRecents
        recents={recents}
        selected={selected}
        onSelect={(symbol) => setFilter({ kind: 'symbol', symbol })}
        onRemove={remove}
      />
      {query !== null && !news.data ? (
        <div className="news-state">
          {news.isError ? <p className="muted">{NEWS_TEXT.fetchFailed}</p> : <Spinner />}
        </div>
      ) : articles.length === 0 ? (
        <div className="news-state">
          <p className="muted">{empty}</p>
        </div>
      ) : (
        <NewsList
          articles={articles}
          news={config.news}
          now={now}
          hasMore={news.hasNextPage}
          loadingMore={news.isFetchingNextPage}
          onLoadMore={() => void news.fetchNextPage()}
          onOpen={setOpen}
        />
      )}
      <NewsDetailModal article={open} onClose={() => setOpen(null)} />
    </div>
  );
}
