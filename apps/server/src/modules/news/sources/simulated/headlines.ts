import type { NewsDraft } from '@tapeline/core';

// The simulated wire's text (docs/quotes-news.md §3 "simulated"): pure templates chosen by a
// hash of symbol, time and kind, so a restart writes the same article under the same id.

export const SIM_PUBLISHER = 'Tapeline Simulated Wire';
export const SIM_NEWS_KINDS = ['catalyst', 'spike', 'halt', 'filing'] as const;

/** One item of the engine's `simNews` answer. */
export interface SimNewsItem {
  sym: string;
  name: string;
  ts: number;
  kind: (typeof SIM_NEWS_KINDS)[number];
  form?: string;
}

/** FNV-1a: a stable 32-bit hash, the templates' only randomness. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

const pick = <T>(list: readonly T[], seed: number, salt: number): T =>
  list[(((seed ^ Math.imul(salt, 0x9e3779b1)) >>> 0) % list.length) as number] as T;

/** "Acme Bio Inc" → "Acme Bio": the name as a headline writes it. */
export function shortName(name: string): string {
  const short = name
    .replace(
      /[,.]?\s+(inc|incorporated|corp|corporation|co|company|ltd|limited|plc|llc|lp|sa|nv|ag|holdings)\.?$/i,
      '',
    )
    .trim();
  return short === '' ? name : short;
}

const CATALYSTS: readonly ((co: string, code: string) => string)[] = [
  (co, code) => `${co} Announces FDA Fast Track Designation for ${code}`,
  (co, code) => `${co} Reports Positive Topline Results from Phase 2 Trial of ${code}`,
  (co) => `${co} Signs Multi-Year Supply Agreement with a Leading National Retailer`,
  (co) => `${co} Announces Record Quarterly Revenue and Raises Full-Year Guidance`,
  (co) => `${co} Enters Strategic Partnership to Expand Into European Markets`,
  (co, code) => `${co} Receives Patent Allowance Covering ${code} Platform Technology`,
  (co) => `${co} Announces $25 Million Share Repurchase Program`,
];

const SPIKES: readonly ((co: string, sym: string) => string)[] = [
  (co, sym) => `${co} (${sym}) Shares Jump on Heavy Volume`,
  (co, sym) => `${sym} Stock Surges as ${co} Draws Active Trading`,
  (co, sym) => `${co} Extends Gains as ${sym} Volume Builds`,
  (co, sym) => `Traders Pile Into ${co} (${sym}) Amid Sharp Move Higher`,
];

const HALTS: readonly [string, string][] = [
  ['News Pending', 'T1'],
  ['Additional Information Requested', 'T12'],
];

const FORM_ITEMS: Readonly<Record<string, string>> = {
  '8-K': 'Item 8.01: Other Events',
  '6-K': 'Report of Foreign Private Issuer',
  'S-1': 'Registration Statement',
  '424B5': 'Prospectus Supplement',
  '10-Q': 'Quarterly Report',
};

const paragraphs = (...texts: string[]) => texts.map((text) => `<p>${escapeHtml(text)}</p>`).join('');

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The `source_id`: `sim:<UTC date>:<kind>:<sym>:<ts>`, the same after a restart. */
export function simSourceId(item: SimNewsItem): string {
  return `sim:${new Date(item.ts).toISOString().slice(0, 10)}:${item.kind}:${item.sym}:${item.ts}`;
}

/** The draft the simulated wire hands over for one engine item. */
export function simulatedDraft(item: SimNewsItem): NewsDraft {
  const seed = hash(`${item.sym}|${item.ts}|${item.kind}`);
  const co = shortName(item.name);
  const tag = `(NASDAQ: ${item.sym})`;
  const base = {
    source: 'simulated' as const,
    sourceId: simSourceId(item),
    publisher: SIM_PUBLISHER,
    url: null,
    imageUrl: null,
    symbols: [item.sym],
    linkToFilingDetails: null,
    publishedAt: item.ts,
    updatedAt: null,
  };
  /** A news story: the lead stands as the description and opens the body. */
  const story = (title: string, lead: string, more: string): NewsDraft => ({
    ...base,
    kind: 'news',
    title,
    description: lead,
    bodyHtml: paragraphs(lead, more),
    form: null,
  });
  switch (item.kind) {
    case 'catalyst': {
      const code = `${item.sym.slice(0, 3)}-${100 + (seed % 900)}`;
      const title = pick(CATALYSTS, seed, 1)(co, code);
      const lead = `${item.name} ${tag} today announced news its management called a milestone for the company.`;
      const more = `"We believe this positions ${co} for its next phase of growth," the company said in a statement. Shares of ${item.sym} are active in pre-market trading.`;
      return story(title, lead, more);
    }
    case 'spike': {
      const title = pick(SPIKES, seed, 2)(co, item.sym);
      const lead = `Shares of ${item.name} ${tag} moved sharply higher on volume well above their recent average.`;
      const more = `No news from ${co} accompanied the move at the time of writing; traders should check for filings and halts.`;
      return story(title, lead, more);
    }
    case 'halt': {
      const [reason, code] = pick(HALTS, seed, 3);
      const title = `Trading in ${co} (${item.sym}) Halted: ${reason}`;
      const lead = `Trading in ${item.name} ${tag} was halted with code ${code} (${reason}).`;
      const more = `The exchange will announce when trading in ${item.sym} resumes.`;
      return story(title, lead, more);
    }
    case 'filing': {
      const form = item.form ?? '8-K';
      const what = FORM_ITEMS[form] ?? 'Filing';
      const title = `${item.sym} ${form}: ${item.name}`;
      const lead = `${item.name} ${tag} filed a Form ${form} with the SEC.`;
      return { ...base, kind: 'filing', title, description: what, bodyHtml: paragraphs(lead, what), form };
    }
  }
}
