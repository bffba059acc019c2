import { parseSafeXml, xmlAttr, xmlChild, xmlList, xmlText } from '../../../../platform/xml/safeXml.ts';

// EDGAR "current filings" Atom (browse-edgar?action=getcurrent&output=atom) → filings, one per
// accession number. Each entry's title reads "8-K - ACME BIO INC (0001234567) (Filer)"; a filing
// about another company (SC 13D, Form 4) lists it again as "(Subject)" / "(Issuer)" under the
// same accession, which is how a fund's 13D reaches the company's symbol.

export interface FilingParty {
  company: string;
  cik: number;
  role: string;
}

export interface Filing {
  accession: string;
  form: string;
  /** Subjects and issuers first: a filing is news about them more than about its filer. */
  parties: FilingParty[];
  link: string | null;
  summaryHtml: string;
  updated: string | null;
}

const TITLE = /^(.+?) - (.+) \((\d{1,10})\) \(([^)]+)\)\s*$/;
const ACCESSION = /accession-number=(\d{10}-\d{2}-\d{6})/;
const ABOUT = new Set(['subject', 'issuer']);

export function parseFilings(text: string): { filings: Filing[]; malformed: number } {
  const feed = xmlChild(parseSafeXml(text), 'feed');
  if (feed === undefined) throw new Error('not an Atom feed');
  const byAccession = new Map<string, Filing>();
  let malformed = 0;
  for (const entry of xmlList(xmlChild(feed, 'entry'))) {
    const title = TITLE.exec(xmlText(xmlChild(entry, 'title')).trim());
    const accession = ACCESSION.exec(xmlText(xmlChild(entry, 'id')))?.[1];
    if (!title || !accession) {
      malformed++;
      continue;
    }
    const [, titleForm = '', company = '', cik = '', role = ''] = title;
    const category = xmlList(xmlChild(entry, 'category'))[0];
    const form = (category === undefined ? null : xmlAttr(category, 'term')) ?? titleForm;
    const party = { company: company.trim(), cik: Number(cik), role: role.trim() };
    const known = byAccession.get(accession);
    if (known) {
      if (ABOUT.has(party.role.toLowerCase())) known.parties.unshift(party);
      else known.parties.push(party);
      continue;
    }
    const link = xmlList(xmlChild(entry, 'link')).find(
      (l) => (xmlAttr(l, 'rel') ?? 'alternate') === 'alternate',
    );
    byAccession.set(accession, {
      accession,
      form: form.trim(),
      parties: [party],
      link: link === undefined ? null : xmlAttr(link, 'href'),
      summaryHtml: xmlText(xmlChild(entry, 'summary')),
      updated: xmlText(xmlChild(entry, 'updated')) || null,
    });
  }
  return { filings: [...byAccession.values()], malformed };
}
