import { daysFromCivil, nyWallToUtc } from '@tapeline/market';
import { parseSafeXml, xmlChild, xmlList, xmlText } from '../../../../platform/xml/safeXml.ts';

// Nasdaq Trader's public trade-halts RSS (https://www.nasdaqtrader.com/rss.aspx?feed=tradehalts):
// an RSS 2.0 channel whose items carry, in the `ndaq:` namespace, HaltDate (MM/DD/YYYY),
// HaltTime (HH:MM:SS, sometimes with .mmm), IssueSymbol, IssueName, Market, ReasonCode (T1, T2,
// T12, H10, LUDP, M, …), PauseThresholdPrice, ResumptionDate, ResumptionQuoteTime and
// ResumptionTradeTime — New York times, the resumption fields empty while the halt lasts.
// Parsed with the one safe XML parser (platform/xml), never trusting a field to be there.

export interface RssHalt {
  readonly sym: string;
  readonly reason: string;
  /** UTC ms of the halt. */
  readonly haltTs: number;
  /** UTC ms trading resumes (or resumed); null while no resumption is published. */
  readonly resumeTs: number | null;
}

/** A `ndaq:` field of an item as text ('' when absent). */
const field = (item: unknown, name: string): string => xmlText(xmlChild(item, `ndaq:${name}`)).trim();

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

/**
 * Every well-formed halt item of the feed, in document order; malformed items are skipped.
 * Throws on a document that is not XML or carries a DOCTYPE (the poller counts it as a failed poll).
 */
export function parseHaltsRss(xml: string): RssHalt[] {
  const out: RssHalt[] = [];
  const channel = xmlChild(xmlChild(parseSafeXml(xml), 'rss'), 'channel');
  for (const item of xmlList(xmlChild(channel, 'item'))) {
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
