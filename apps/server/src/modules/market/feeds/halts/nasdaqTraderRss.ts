import { daysFromCivil, nyWallToUtc } from '@tapeline/market';

// Nasdaq Trader's public trade-halts RSS (https://www.nasdaqtrader.com/rss.aspx?feed=tradehalts):
// an RSS 2.0 channel whose items carry, in the `ndaq:` namespace, HaltDate (MM/DD/YYYY),
// HaltTime (HH:MM:SS, sometimes with .mmm), IssueSymbol, IssueName, Market, ReasonCode (T1, T2,
// T12, H10, LUDP, M, …), PauseThresholdPrice, ResumptionDate, ResumptionQuoteTime and
// ResumptionTradeTime — New York times, the resumption fields empty while the halt lasts.
// Parsed by hand (a flat, machine-written document), never trusting a field to be there.

export interface RssHalt {
  readonly sym: string;
  readonly reason: string;
  /** UTC ms of the halt. */
  readonly haltTs: number;
  /** UTC ms trading resumes (or resumed); null while no resumption is published. */
  readonly resumeTs: number | null;
}

const ITEM = /<item\b[^>]*>([\s\S]*?)<\/item>/g;

function field(item: string, name: string): string {
  const m = new RegExp(`<ndaq:${name}\\b[^>]*>([\\s\\S]*?)</ndaq:${name}>`).exec(item);
  if (!m) return '';
  const raw = (m[1] ?? '').trim();
  const cdata = /^<!\[CDATA\[([\s\S]*)\]\]>$/.exec(raw);
  return (cdata ? (cdata[1] ?? '') : raw)
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

/** "MM/DD/YYYY" and "HH:MM:SS[.mmm]" New York time → UTC ms; NaN when either is malformed. */
export function nyDateTime(date: string, time: string): number {
  const d = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(date);
  const t = /^(\d{1,2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?$/.exec(time);
  if (!d || !t) return Number.NaN;
  const day = daysFromCivil(Number(d[3]), Number(d[1]), Number(d[2]));
  const minutes = Number(t[1]) * 60 + Number(t[2]);
  const ms = Number(t[3]) * 1000 + (t[4] ? Number(t[4].padEnd(3, '0')) : 0);
  return nyWallToUtc(day, minutes) + ms;
}

/** Every well-formed halt item of the feed, in document order; malformed items are skipped. */
export function parseHaltsRss(xml: string): RssHalt[] {
  const out: RssHalt[] = [];
  for (const m of xml.matchAll(ITEM)) {
    const item = m[1] ?? '';
    const sym = field(item, 'IssueSymbol').toUpperCase();
    const haltTs = nyDateTime(field(item, 'HaltDate'), field(item, 'HaltTime'));
    if (!/^[A-Z][A-Z0-9.-]{0,9}$/.test(sym) || Number.isNaN(haltTs)) continue;
    const resumeDate = field(item, 'ResumptionDate');
    const resumeTime = field(item, 'ResumptionTradeTime');
    const resume = resumeDate && resumeTime ? nyDateTime(resumeDate, resumeTime) : Number.NaN;
    out.push({
      sym,
      reason: field(item, 'ReasonCode').toUpperCase().slice(0, 8),
      haltTs,
      resumeTs: Number.isNaN(resume) ? null : resume,
    });
  }
  return out;
}
