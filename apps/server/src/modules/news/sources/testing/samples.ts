// The sample payloads of docs/quotes-news.md §3 "Sources", in each vendor's documented shape,
// served by the loopback fakes. `n` makes a distinct item, so isolation tests can see a source
// keep delivering.

export const RSS_SAMPLE = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:media="http://search.yahoo.com/mrss/">
<channel>
<title>Example Wire</title>
<item><title>Acme Bio Receives FDA Fast Track (NASDAQ: ACMB)</title>
<link>https://wire.example.com/acme?utm_source=rss</link><guid isPermaLink="false">ew-1001</guid>
<pubDate>Fri, 20 Nov 2026 13:05:00 GMT</pubDate>
<category domain="https://wire.example.com/stock">Nasdaq:ACMB</category>
<description>&lt;p&gt;Acme Bio ($ACMB) said…&lt;/p&gt;</description>
<enclosure url="https://wire.example.com/acme.jpg" type="image/jpeg" length="1000"/></item>
<item><title>Partner &amp; Co expands (NYSE: XYZ) with $NOPE</title>
<link>https://wire.example.com/xyz</link><guid>https://wire.example.com/xyz</guid>
<pubDate>not a date</pubDate>
<category>Business</category><category domain="https://wire.example.com/ticker">ABC</category>
<description>Plain text summary.</description>
<content:encoded><![CDATA[<p>Full story about <b>XYZ</b> (OTCQB: ABCD).</p>]]></content:encoded>
<media:thumbnail url="https://wire.example.com/xyz-thumb.png"/></item>
</channel></rss>`;

export const ATOM_SAMPLE = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
<title>Example Wire Atom</title><id>urn:example:wire</id><updated>2026-11-20T13:05:00Z</updated>
<entry><id>urn:example:ew-2001</id>
<title type="html">Acme Bio Receives FDA Fast Track (NASDAQ: ACMB)</title>
<link rel="self" href="https://wire.example.com/feed/ew-2001"/>
<link rel="alternate" type="text/html" href="https://wire.example.com/acme-atom"/>
<published>2026-11-20T08:05:00-05:00</published><updated>2026-11-20T09:00:00-05:00</updated>
<summary type="html">&lt;p&gt;Acme Bio ($ACMB) said…&lt;/p&gt;</summary>
<content type="html">&lt;p&gt;Acme Bio (NASDAQ: ACMB) said more.&lt;/p&gt;</content>
<category term="NYSE: XYZ"/><category term="AI" scheme="https://wire.example.com/topics"/>
</entry>
<entry><id>urn:example:ew-2002</id><title>Undated and ahead of time</title>
<link href="https://wire.example.com/later"/>
<updated>2099-01-01T00:00:00Z</updated><summary>Nothing listed here.</summary></entry>
</feed>`;

export function rssItems(n: number, publisher = 'Example Wire'): string {
  const items = Array.from(
    { length: n },
    (_, i) =>
      `<item><title>Item ${i} from ${publisher} (NASDAQ: ACMB)</title><link>https://wire.example.com/${encodeURIComponent(publisher)}/${i}</link><guid>${publisher}-${i}</guid><pubDate>Fri, 20 Nov 2026 13:05:00 GMT</pubDate><description>Item ${i}</description></item>`,
  );
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>${publisher}</title>${items.join('')}</channel></rss>`;
}

/** An EDGAR "current filings" Atom page (getcurrent&output=atom) with the given entries. */
export function secFeed(entries: string[]): string {
  return `<?xml version="1.0" encoding="ISO-8859-1" ?>
<feed xmlns="http://www.w3.org/2005/Atom">
<title>Latest Filings - Fri, 20 Nov 2026 08:05:00 EST</title>
<link rel="alternate" href="https://www.sec.gov/cgi-bin/browse-edgar?action=getcurrent"/>
<link rel="self" href="https://www.sec.gov/cgi-bin/browse-edgar?action=getcurrent"/>
<id>https://www.sec.gov/cgi-bin/browse-edgar?action=getcurrent</id>
<author><name>Webmaster</name><email>webmaster@sec.gov</email></author>
<updated>2026-11-20T08:05:00-05:00</updated>
${entries.join('\n')}
</feed>`;
}

export function secEntry(
  form: string,
  company: string,
  cik: string,
  role: string,
  accession: string,
  items = 'Item 8.01: Other Events',
): string {
  const cikPlain = String(Number(cik));
  const acc = accession.replaceAll('-', '');
  return `<entry>
<title>${form} - ${company} (${cik}) (${role})</title>
<link rel="alternate" type="text/html" href="https://www.sec.gov/Archives/edgar/data/${cikPlain}/${acc}/${accession}-index.htm"/>
<summary type="html"> &lt;b&gt;Filed:&lt;/b&gt; 2026-11-20 &lt;b&gt;AccNo:&lt;/b&gt; ${accession} &lt;b&gt;Size:&lt;/b&gt; 345 KB&lt;br&gt;${items}</summary>
<updated>2026-11-20T08:02:11-05:00</updated>
<category scheme="https://www.sec.gov/" label="form type" term="${form}"/>
<id>urn:tag:sec.gov,2008:accession-number=${accession}</id>
</entry>`;
}

export const SEC_SAMPLE = secFeed([
  secEntry('8-K', 'ACME BIO INC', '0001234567', 'Filer', '0001234567-26-000042'),
  // A schedule 13D: filed by an investor (no ticker) about a listed subject company.
  secEntry('SC 13D', 'BIG FUND LP', '0009999999', 'Filed by', '0009999999-26-000007', ''),
  secEntry('SC 13D', 'XYZ CORP', '0007654321', 'Subject', '0009999999-26-000007', ''),
  // A filer with no ticker at all: dropped.
  secEntry('8-K', 'PRIVATE TRUST', '0005555555', 'Filer', '0005555555-26-000001'),
]);

export const COMPANY_TICKERS = JSON.stringify({
  '0': { cik_str: 1234567, ticker: 'ACMB', title: 'Acme Bio Inc' },
  '1': { cik_str: 7654321, ticker: 'XYZ', title: 'XYZ Corp' },
  '2': { cik_str: 7654321, ticker: 'XYZ-P', title: 'XYZ Corp' },
  '3': { cik_str: 4444444, ticker: 'NOTL', title: 'Not Listed Co' },
});

export function alpacaItem(id: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    headline: `Acme Bio item ${id}`,
    summary: 'Acme Bio said…',
    author: 'Benzinga Newsdesk',
    created_at: '2026-11-20T13:05:00Z',
    updated_at: '2026-11-20T13:05:01Z',
    url: `https://www.benzinga.com/news/${id}`,
    content: '<p>Acme Bio said more.</p>',
    symbols: ['ACMB', 'NOPE', 'ZVZZT'],
    source: 'benzinga',
    ...extra,
  };
}

export function massiveItem(id: string, publishedUtc = '2026-11-20T13:05:00Z'): Record<string, unknown> {
  return {
    id,
    publisher: { name: 'GlobeNewswire Inc.', homepage_url: 'https://www.globenewswire.com/' },
    title: `Acme Bio story ${id}`,
    author: 'Acme Bio',
    published_utc: publishedUtc,
    article_url: `https://www.globenewswire.com/news/${id}`,
    tickers: ['ACMB', 'NOPE'],
    image_url: `https://www.globenewswire.com/img/${id}.png`,
    description: 'Acme Bio announced…',
    keywords: ['fda'],
  };
}

/** A "billion laughs" document: refused before any parsing. */
export const DOCTYPE_BOMB = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
<rss version="2.0"><channel><title>&lol3;</title></channel></rss>`;
