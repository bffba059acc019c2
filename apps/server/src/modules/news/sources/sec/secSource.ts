import type { NewsDraft } from '@tapeline/core';
import { tagSymbols } from '../../ingest/tagSymbols.ts';
import { expectOk, fetchText } from '../common/httpFetch.ts';
import { loopedSource } from '../common/loopedSource.ts';
import { parseNewsDate } from '../common/newsDates.ts';
import {
  GatedSink,
  listedOrNull,
  type NewsSourceCommonOptions,
  resolveCommon,
} from '../common/sourceOptions.ts';
import { emptyNewsStats, SeenIds } from '../common/sourceStats.ts';
import { superviseLoopLater } from '../common/supervise.ts';
import { capText, htmlToText, httpUrl } from '../common/text.ts';
import type { NewsSource } from '../newsSource.ts';
import { type CompanyTickers, tickerLoader } from './companyTickers.ts';
import { type Filing, parseFilings } from './parseFilings.ts';

// SEC EDGAR current filings (docs/quotes-news.md §3 "sec"): one Atom request per form of
// SEC_FORMS (`type` matches as a prefix: 424B → 424B1…B8, 8-K → 8-K/A), each on its own loop and
// staggered over the poll interval (8 forms a minute is far under EDGAR's 10 requests/s), every
// request with the operator's declared User-Agent (EDGAR refuses anonymous clients). A filing is
// kept only when a party's CIK has a listed ticker; it is stored as kind 'filing'.

export interface SecSourceOptions extends NewsSourceCommonOptions {
  /** SEC_FEED_URL: `https://www.sec.gov/cgi-bin/browse-edgar?action=getcurrent&output=atom`. */
  feedUrl: string;
  /** SEC_TICKERS_URL: `https://www.sec.gov/files/company_tickers.json`. */
  tickersUrl: string;
  /** SEC_FORMS, e.g. ['8-K', '6-K', 'S-1', 'S-3', '424B', '10-Q', '10-K', 'SC 13D']. */
  forms: readonly string[];
  /** SEC_USER_AGENT: "Company admin@company.com". Required. */
  userAgent: string | undefined;
  /** Where company_tickers.json is cached (DATA_DIR/engine/news). */
  cacheDir: string;
  /** Feed body cap (default 2 MB). */
  maxBytes?: number;
}

export const SEC_MAX_BYTES = 2 * 1024 * 1024;
export const SEC_PUBLISHER = 'SEC EDGAR';

export function createSecSource(options: SecSourceOptions): NewsSource {
  const c = resolveCommon(options);
  const stats = emptyNewsStats();
  const gate = new GatedSink();
  const seen = new SeenIds();

  const pollForm =
    (userAgent: string, tickers: ReturnType<typeof tickerLoader>, form: string) =>
    async (signal: AbortSignal) => {
      const map = await tickers.get(signal);
      const url = `${options.feedUrl}&type=${encodeURIComponent(form)}&owner=include&count=100`;
      const res = await fetchText(
        url,
        { 'user-agent': userAgent, accept: 'application/atom+xml, application/xml;q=0.9' },
        { maxBytes: options.maxBytes ?? SEC_MAX_BYTES, signal },
      );
      expectOk(res, `EDGAR ${form}`);
      const { filings, malformed } = parseFilings(res.body);
      stats.malformed += malformed;
      const listed = await listedOrNull(c.listed);
      const now = c.clock.now();
      const drafts: NewsDraft[] = [];
      for (const filing of filings) {
        if (seen.has(filing.accession)) continue;
        const draft = toDraft(filing, map, listed, now);
        if (draft) drafts.push(draft);
      }
      if (signal.aborted || !gate.isOpen) return;
      // Marked seen once handed over: a filing dropped while no engine listed symbols is read again.
      for (const d of drafts) seen.add(d.sourceId);
      stats.received += gate.deliver(drafts);
    };

  return loopedSource('sec', stats, gate, (sink) => {
    const userAgent = options.userAgent?.trim();
    if (!userAgent) {
      throw new Error(
        'sec: SEC_USER_AGENT is required (EDGAR refuses requests without a declared User-Agent, e.g. "Company admin@company.com")',
      );
    }
    if (options.forms.length === 0) throw new Error('sec: SEC_FORMS names no form');
    gate.open(sink);
    const tickers = tickerLoader({
      url: options.tickersUrl,
      userAgent,
      cacheDir: options.cacheDir,
      now: () => c.clock.now(),
      logger: c.logger,
    });
    const step = Math.floor(c.pollMs / options.forms.length);
    return options.forms.map((form, i) =>
      superviseLoopLater(i * step, `sec ${form}`, c, stats, pollForm(userAgent, tickers, form)),
    );
  });
}

function toDraft(
  filing: Filing,
  map: CompanyTickers,
  listed: ReadonlySet<string> | null,
  now: number,
): NewsDraft | null {
  const vendor: string[] = [];
  const names = new Map<string, string>();
  for (const party of filing.parties) {
    const known = map.get(party.cik);
    for (const t of known?.tickers ?? []) {
      vendor.push(t);
      if (!names.has(t.toUpperCase())) names.set(t.toUpperCase(), known?.title || party.company);
    }
  }
  const symbols = tagSymbols({ vendor }, listed);
  const first = symbols[0];
  if (!first) return null;
  const url = httpUrl(filing.link);
  const form = capText(filing.form, 20);
  return {
    source: 'sec',
    sourceId: filing.accession,
    publisher: SEC_PUBLISHER,
    kind: 'filing',
    title: capText(`${first} ${form}: ${names.get(first) ?? filing.parties[0]?.company ?? ''}`, 2000),
    description: htmlToText(filing.summaryHtml),
    url,
    imageUrl: null,
    symbols,
    bodyHtml: filing.summaryHtml.trim() ? capText(filing.summaryHtml.trim(), 100_000) : null,
    linkToFilingDetails: url,
    form,
    publishedAt: parseNewsDate(filing.updated, now),
    updatedAt: null,
  };
}
