import { XMLParser } from 'fast-xml-parser';

// XML from the operator's feeds, EDGAR and Nasdaq Trader's halts, parsed with fast-xml-parser (no DOM). A document
// type declaration is refused before parsing: it is where entity expansion ("billion laughs")
// and external entities live, and no RSS, Atom or EDGAR feed needs one (docs/quotes-news.md §3).

/** Elements that may repeat; always arrays so one item and many read the same. */
const REPEATED = new Set([
  'item',
  'entry',
  'category',
  'link',
  'enclosure',
  'media:content',
  'media:thumbnail',
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: true,
  isArray: (name) => REPEATED.has(name),
});

export class XmlRefusedError extends Error {}

export function parseSafeXml(text: string): Record<string, unknown> {
  if (/<!DOCTYPE/i.test(text) || /<!ENTITY/i.test(text))
    throw new XmlRefusedError('XML with a DOCTYPE refused');
  const parsed: unknown = parser.parse(text, true);
  if (typeof parsed !== 'object' || parsed === null) throw new Error('not an XML document');
  return parsed as Record<string, unknown>;
}

export type XmlNode = Record<string, unknown>;

/** The text of an element: a plain string, or `#text` beside attributes. */
export function xmlText(node: unknown): string {
  if (typeof node === 'string') return node;
  if (typeof node === 'number' || typeof node === 'boolean') return String(node);
  if (Array.isArray(node)) return xmlText(node[0]);
  if (node && typeof node === 'object') {
    const text = (node as XmlNode)['#text'];
    return text === undefined ? '' : xmlText(text);
  }
  return '';
}

export function xmlAttr(node: unknown, name: string): string | null {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return null;
  const value = (node as XmlNode)[`@_${name}`];
  return typeof value === 'string' ? value : null;
}

/** Child elements as an array (missing → []). */
export function xmlList(node: unknown): unknown[] {
  if (node === undefined || node === null) return [];
  return Array.isArray(node) ? node : [node];
}

export function xmlChild(node: unknown, name: string): unknown {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return undefined;
  return (node as XmlNode)[name];
}
