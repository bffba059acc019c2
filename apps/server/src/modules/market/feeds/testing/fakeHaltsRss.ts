import { createServer, type IncomingHttpHeaders } from 'node:http';

// Test helper: Nasdaq Trader's trade-halts RSS on loopback, in the documented shape (RSS 2.0,
// `ndaq:` fields, New York dates and times), answering conditional GETs as a web server does:
// an ETag and Last-Modified that change with the content, 304 when the client's match.

export interface FakeHaltItem {
  sym: string;
  name?: string;
  market?: string;
  reason: string;
  /** MM/DD/YYYY and HH:MM:SS, New York. */
  haltDate: string;
  haltTime: string;
  resumeDate?: string;
  resumeTime?: string;
}

export interface FakeHaltsRss {
  readonly url: string;
  readonly requests: IncomingHttpHeaders[];
  /** Answers 200 / 304 counted. */
  readonly answered: { full: number; notModified: number };
  set(items: readonly FakeHaltItem[]): void;
  /** The next request gets this status once (e.g. 503). */
  failNext(status: number): void;
  close(): Promise<void>;
}

export function haltsRssXml(items: readonly FakeHaltItem[]): string {
  const item = (h: FakeHaltItem) => `    <item>
      <title>${h.sym}</title>
      <pubDate>Mon, 24 Nov 2025 15:00:00 GMT</pubDate>
      <ndaq:HaltDate>${h.haltDate}</ndaq:HaltDate>
      <ndaq:HaltTime>${h.haltTime}</ndaq:HaltTime>
      <ndaq:IssueSymbol>${h.sym}</ndaq:IssueSymbol>
      <ndaq:IssueName>${(h.name ?? `${h.sym} Inc`).replace(/&/g, '&amp;')}</ndaq:IssueName>
      <ndaq:Market>${h.market ?? 'NASDAQ'}</ndaq:Market>
      <ndaq:ReasonCode>${h.reason}</ndaq:ReasonCode>
      <ndaq:PauseThresholdPrice></ndaq:PauseThresholdPrice>
      <ndaq:ResumptionDate>${h.resumeDate ?? ''}</ndaq:ResumptionDate>
      <ndaq:ResumptionQuoteTime>${h.resumeTime ?? ''}</ndaq:ResumptionQuoteTime>
      <ndaq:ResumptionTradeTime>${h.resumeTime ?? ''}</ndaq:ResumptionTradeTime>
      <description><![CDATA[<table><tr><td>${h.sym}</td></tr></table>]]></description>
    </item>`;
  return `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:ndaq="http://www.nasdaqtrader.com/">
  <channel>
    <title>NASDAQTrader.com</title>
    <link>http://www.nasdaqtrader.com</link>
    <description>Trade Halts</description>
    <ndaq:numItems>${items.length}</ndaq:numItems>
${items.map(item).join('\n')}
  </channel>
</rss>
`;
}

export async function startFakeHaltsRss(): Promise<FakeHaltsRss> {
  let body = haltsRssXml([]);
  let version = 1;
  let fail: number | null = null;
  const requests: IncomingHttpHeaders[] = [];
  const answered = { full: 0, notModified: 0 };
  const lastModified = () => new Date(Date.UTC(2025, 10, 24, 15, 0, version)).toUTCString();
  const server = createServer((req, res) => {
    requests.push(req.headers);
    if (fail !== null) {
      res.writeHead(fail, { 'content-type': 'text/plain' });
      res.end('unavailable');
      fail = null;
      return;
    }
    const etag = `"v${version}"`;
    if (req.headers['if-none-match'] === etag || req.headers['if-modified-since'] === lastModified()) {
      answered.notModified++;
      res.writeHead(304, { etag, 'last-modified': lastModified() });
      res.end();
      return;
    }
    answered.full++;
    res.writeHead(200, { 'content-type': 'application/rss+xml', etag, 'last-modified': lastModified() });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/rss.aspx?feed=tradehalts`,
    requests,
    answered,
    set(items) {
      body = haltsRssXml(items);
      version++;
    },
    failNext(status) {
      fail = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
