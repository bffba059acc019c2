import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useQuotes } from '../../lib/quotesApi.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { useToast } from '../../ui/toast.tsx';
import type { WidgetProps } from '../../ui/widgetContract.ts';
import { QuoteSortTools } from './QuoteSortTools.tsx';
import { sortQuotes } from './quoteRules.ts';
import { QUOTE_TOASTS, quotesText } from './quotesText.ts';
import { useLiveQuotes } from './useLiveQuotes.ts';
import { useQuoteActions } from './useQuoteActions.ts';
import { useQuoteOrder } from './useQuoteOrder.ts';
import { useQuoteShortcut } from './useQuoteShortcut.ts';
import { useSortMethod } from './useSortMethod.ts';
import './quotes.css';

// Edit Quote (with the CSV import it shares with settings) is fetched when first opened: Quote is
// in every default layout, so its chunk counts against the dashboard's JavaScript budget.
const EditQuoteModal = lazy(() =>
  import('./EditQuoteModal.tsx').then((m) => ({ default: m.EditQuoteModal })),
);

// The cards and the list carry the drag library (@dnd-kit, ~12 KB): fetched with the first card,
// so a trader with no favourites yet (every new account's first dashboard) never downloads it.
const QuoteSlider = lazy(() => import('./QuoteSlider.tsx').then((m) => ({ default: m.QuoteSlider })));
const QuoteList = lazy(() => import('./QuoteList.tsx').then((m) => ({ default: m.QuoteList })));

/**
 * The Quote widget (docs/quotes-news.md §2): the trader's favourites as a card slider and a
 * collapsible list, live prices merged into the shared query, sort tools for the view, drag to
 * reorder, and Edit Quote ('/' opens it).
 */
export function QuoteWidget({ id }: WidgetProps) {
  const toast = useToast();
  const query = useQuotes();
  useLiveQuotes();
  const { quotes, drop } = useQuoteOrder(query.data);
  const { remove, pin } = useQuoteActions();
  const sort = useSortMethod();
  const [editing, setEditing] = useState(false);
  const [listOpen, setListOpen] = useState(false);
  useQuoteShortcut(() => setEditing(true));

  // Each failed read says so once; the list already shown stays.
  const failedAt = query.errorUpdatedAt;
  useEffect(() => {
    if (failedAt > 0) toast(QUOTE_TOASTS.fetchFailed, { tone: 'error' });
  }, [failedAt, toast]);

  const shown = useMemo(() => (quotes ? sortQuotes(quotes, sort.method) : undefined), [quotes, sort.method]);
  const saved = useMemo(() => (quotes ?? []).map((q) => q.symbol), [quotes]);
  const sorted = sort.method !== null;

  return (
    <div className="widget-stack quote-widget" data-testid={`quote-${id}`}>
      <div className="quote-toolbar">
        <QuoteSortTools
          method={sort.method}
          open={sort.toolsOpen}
          onToggle={sort.toggleTools}
          onChoose={sort.choose}
        />
        <button
          type="button"
          className="quote-tool"
          aria-expanded={listOpen}
          onClick={() => setListOpen((o) => !o)}
        >
          {listOpen ? quotesText.hideList : quotesText.showList}
        </button>
        <button
          type="button"
          className="quote-tool quote-tool--edit"
          title={quotesText.shortcutHint}
          aria-keyshortcuts="/"
          onClick={() => setEditing(true)}
        >
          {quotesText.editShort}
        </button>
      </div>
      {!shown ? (
        <div className="quote-state">{query.isError ? null : <Spinner />}</div>
      ) : shown.length === 0 ? (
        <div className="quote-state">
          <p className="muted">{quotesText.empty}</p>
          <button type="button" className="btn btn-primary" onClick={() => setEditing(true)}>
            {quotesText.add}
          </button>
        </div>
      ) : (
        <Suspense
          fallback={
            <div className="quote-state">
              <Spinner />
            </div>
          }
        >
          <QuoteSlider quotes={shown} sorted={sorted} onDrop={drop} onPin={pin} />
          {listOpen ? <QuoteList quotes={shown} sorted={sorted} onDrop={drop} onRemove={remove} /> : null}
        </Suspense>
      )}
      {editing ? (
        <Suspense fallback={null}>
          <EditQuoteModal open saved={saved} onClose={() => setEditing(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
