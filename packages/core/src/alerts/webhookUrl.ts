import { WEBHOOK_URL_MAX } from '../api/alerts.ts';
import { alertMessages } from './alertMessages.ts';

// The webhook URL rule of dashboard spec §5: empty, or an http, https or ftp URL whose host is
// not a private address. Pure, so the Webhook modal and the server say the same thing; the
// server adds what only it can do (DNS at save, and again at connect: webhooks/webhookTarget.ts).

// Core compiles without the DOM or Node types; WHATWG URL is global in both places it runs.
declare const URL: new (
  input: string,
) => { protocol: string; username: string; password: string; hostname: string };

const SCHEMES = ['http:', 'https:', 'ftp:'];

export interface WebhookUrlOptions {
  /** Private and loopback hosts allowed (WEBHOOK_ALLOW_PRIVATE: tests, a receiver on the LAN). */
  allowPrivate?: boolean;
}

/** Why a webhook URL cannot be saved (core's wording), or null when it can; empty clears it. */
export function webhookUrlProblem(url: string, options: WebhookUrlOptions = {}): string | null {
  const value = url.trim();
  if (value === '') return null;
  if (value.length > WEBHOOK_URL_MAX) return alertMessages.webhookInvalid;
  let parsed: InstanceType<typeof URL>;
  try {
    parsed = new URL(value);
  } catch {
    return alertMessages.webhookInvalid;
  }
  if (!SCHEMES.includes(parsed.protocol)) return alertMessages.webhookInvalid;
  // Credentials in the URL would be sent to whoever the host resolves to, and logged with it.
  if (parsed.username !== '' || parsed.password !== '') return alertMessages.webhookInvalid;
  const host = parsed.hostname;
  if (host === '') return alertMessages.webhookInvalid;
  if (options.allowPrivate) return null;
  if (isLocalhostName(host)) return alertMessages.webhookInvalid;
  const literal = ipLiteralOf(host);
  if (literal !== null && !isPublicAddress(literal)) return alertMessages.webhookInvalid;
  return null;
}

/**
 * The address in a URL host when it is an IP literal, else null. WHATWG URL has already turned
 * the decimal, octal and hex IPv4 forms (`2130706433`, `0x7f.1`, `0177.0.0.1`) into dotted
 * quads and compressed IPv6, so only those two shapes remain to recognise.
 */
export function ipLiteralOf(host: string): string | null {
  if (host.startsWith('[') && host.endsWith(']')) return host.slice(1, -1);
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(host) ? host : null;
}

/** RFC 6761: `localhost` and its subdomains always mean this machine, whatever DNS says. */
function isLocalhostName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/** IPv4 blocks that are not the public internet (IANA special-purpose registry), as [base, bits]. */
const V4_NOT_PUBLIC: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata lives here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255 broadcast
];

const V4_BLOCKS = V4_NOT_PUBLIC.map(([base, bits]) => {
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return { net: ((parseV4(base) ?? 0) & mask) >>> 0, mask };
});

/**
 * Whether an address (IPv4 dotted quad or IPv6, brackets and zone allowed) is on the public
 * internet. Anything it cannot parse is not public: the check refuses what it does not know.
 */
export function isPublicAddress(ip: string): boolean {
  const v4 = parseV4(ip);
  if (v4 !== null) return isPublicV4(v4);
  const v6 = parseV6(ip);
  return v6 !== null && isPublicV6(v6);
}

function isPublicV4(n: number): boolean {
  return !V4_BLOCKS.some((b) => (n & b.mask) >>> 0 === b.net);
}

/** IPv6 as eight 16-bit groups. Only global unicast (2000::/3) can be public, less its special blocks. */
function isPublicV6(g: readonly number[]): boolean {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const low32 = ((g6 << 16) | g7) >>> 0;
  const zeros = (n: number) => g.slice(0, n).every((x) => x === 0);
  // An IPv4 address inside an IPv6 one reaches that IPv4 address: judge it as such.
  if (zeros(5) && g5 === 0xffff) return isPublicV4(low32); // IPv4-mapped ::ffff:a.b.c.d
  if (zeros(6)) return isPublicV4(low32); // IPv4-compatible ::a.b.c.d, and :: and ::1
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    return isPublicV4(low32); // NAT64 64:ff9b::/96
  }
  if (g0 === 0x2002) return isPublicV4(((g1 << 16) | g2) >>> 0); // 6to4 2002:a.b.c.d::/48
  if ((g0 & 0xe000) !== 0x2000) return false; // loopback, ULA fc00::/7, fe80::/10, ff00::/8, …
  if (g0 === 0x2001 && g1 < 0x0200) return false; // IETF assignments 2001::/23 (Teredo included)
  if (g0 === 0x2001 && g1 === 0x0db8) return false; // documentation 2001:db8::/32
  if (g0 === 0x3fff && g1 < 0x1000) return false; // documentation 3fff::/20
  return true;
}

function parseV4(text: string): number | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let n = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const octet = Number(part);
    if (octet > 255) return null;
    n = n * 256 + octet;
  }
  return n;
}

function parseV6(input: string): number[] | null {
  let text = input.startsWith('[') && input.endsWith(']') ? input.slice(1, -1) : input;
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  if (!text.includes(':')) return null;
  const halves = text.split('::');
  if (halves.length > 2) return null;
  // A dotted IPv4 tail may only end the whole address.
  const groupsOf = (part: string, last: boolean): number[] | null => {
    if (part === '') return [];
    const out: number[] = [];
    const pieces = part.split(':');
    for (const [i, piece] of pieces.entries()) {
      if (last && i === pieces.length - 1 && piece.includes('.')) {
        const v4 = parseV4(piece);
        if (v4 === null) return null;
        out.push(v4 >>> 16, v4 & 0xffff);
      } else if (/^[0-9a-fA-F]{1,4}$/.test(piece)) {
        out.push(Number.parseInt(piece, 16));
      } else {
        return null;
      }
    }
    return out;
  };
  const head = groupsOf(halves[0] ?? '', halves.length === 1);
  const tail = halves.length === 2 ? groupsOf(halves[1] ?? '', true) : [];
  if (head === null || tail === null) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  if (missing < 1) return null;
  return [...head, ...new Array<number>(missing).fill(0), ...tail];
}
