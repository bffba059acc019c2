import { parseSafeXml, xmlAttr, xmlChild, xmlList, xmlText } from '../../../../platform/xml/safeXml.ts';
import type { ArticleCategory } from '../../ingest/tagSymbols.ts';

// RSS 2.0 and Atom documents → items, the fields docs/quotes-news.md §3 "rss" maps. RSS `item`:
// title, link, guid (else link), pubDate, description (text and body), content:encoded (body),
// category + @domain, enclosure[type=image/*] or media:content / media:thumbnail (image); the
// channel's title names the publisher. Atom `entry`: id, title, link[rel=alternate] (else the
// first), published (else updated), summary, content, category@term/@scheme; the feed's title.

export interface FeedItem {
  id: string | null;
  title: string;
  link: string | null;
  date: string | null;
  /** HTML or text, as the feed gave it. */
  description: string;
  body: string | null;
  categories: ArticleCategory[];
  image: string | null;
}

export interface ParsedFeed {
  publisher: string;
  items: FeedItem[];
}

export function parseFeed(text: string): ParsedFeed {
  const doc = parseSafeXml(text);
  const rss = xmlChild(doc, 'rss');
  if (rss !== undefined) {
    const channel = xmlChild(rss, 'channel');
    return {
      publisher: xmlText(xmlChild(channel, 'title')).trim(),
      items: xmlList(xmlChild(channel, 'item')).map(rssItem),
    };
  }
  const feed = xmlChild(doc, 'feed');
  if (feed !== undefined) {
    return {
      publisher: xmlText(xmlChild(feed, 'title')).trim(),
      items: xmlList(xmlChild(feed, 'entry')).map(atomEntry),
    };
  }
  throw new Error('neither an RSS nor an Atom document');
}

function rssItem(item: unknown): FeedItem {
  const link = xmlText(xmlChild(item, 'link')).trim() || null;
  const guid = xmlText(xmlChild(item, 'guid')).trim() || null;
  const description = xmlText(xmlChild(item, 'description'));
  const encoded = xmlText(xmlChild(item, 'content:encoded'));
  return {
    id: guid ?? link,
    title: xmlText(xmlChild(item, 'title')),
    link,
    date: xmlText(xmlChild(item, 'pubDate')) || xmlText(xmlChild(item, 'dc:date')) || null,
    description,
    body: encoded || description || null,
    categories: xmlList(xmlChild(item, 'category')).map((c) => ({
      term: xmlText(c).trim(),
      domain: xmlAttr(c, 'domain'),
    })),
    image: rssImage(item),
  };
}

function rssImage(item: unknown): string | null {
  for (const e of xmlList(xmlChild(item, 'enclosure'))) {
    if ((xmlAttr(e, 'type') ?? '').startsWith('image/') && xmlAttr(e, 'url')) return xmlAttr(e, 'url');
  }
  for (const m of xmlList(xmlChild(item, 'media:content'))) {
    const type = xmlAttr(m, 'type') ?? '';
    const medium = xmlAttr(m, 'medium') ?? '';
    if ((type.startsWith('image/') || medium === 'image' || (!type && !medium)) && xmlAttr(m, 'url'))
      return xmlAttr(m, 'url');
  }
  for (const t of xmlList(xmlChild(item, 'media:thumbnail'))) if (xmlAttr(t, 'url')) return xmlAttr(t, 'url');
  return null;
}

function atomEntry(entry: unknown): FeedItem {
  const links = xmlList(xmlChild(entry, 'link'));
  const alternate = links.find((l) => (xmlAttr(l, 'rel') ?? 'alternate') === 'alternate') ?? links[0];
  const link = alternate === undefined ? null : xmlAttr(alternate, 'href');
  const summary = xmlText(xmlChild(entry, 'summary'));
  // xhtml content arrives as elements, not text: it is left out rather than half read.
  const content = xmlText(xmlChild(entry, 'content'));
  const image = links.find(
    (l) => xmlAttr(l, 'rel') === 'enclosure' && (xmlAttr(l, 'type') ?? '').startsWith('image/'),
  );
  return {
    id: xmlText(xmlChild(entry, 'id')).trim() || link,
    title: xmlText(xmlChild(entry, 'title')),
    link,
    date: xmlText(xmlChild(entry, 'published')) || xmlText(xmlChild(entry, 'updated')) || null,
    description: summary || content,
    body: content || summary || null,
    categories: xmlList(xmlChild(entry, 'category')).map((c) => ({
      term: (xmlAttr(c, 'term') ?? '').trim(),
      domain: xmlAttr(c, 'scheme'),
    })),
    image: (image === undefined ? null : xmlAttr(image, 'href')) ?? rssImage(entry),
  };
}
