import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { ipLiteralOf, isPublicAddress } from '@tapeline/core';

/**
 * Whether a web push endpoint may be called. The endpoint comes from the browser, that is from
 * whoever holds a token, so it is a URL the server will POST to on their behalf: https only, no
 * credentials, and no host that is a private or loopback address (a subscription must not be a
 * way into the server's own network). `allowInsecure` (PUSH_ALLOW_INSECURE, tests only) lifts
 * the https and private-host rules for the loopback push service.
 */
export function isAllowedEndpoint(endpoint: string, allowInsecure: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '' || url.hostname === '') return false;
  if (allowInsecure) return url.protocol === 'https:' || url.protocol === 'http:';
  if (url.protocol !== 'https:') return false;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return false;
  const literal = ipLiteralOf(host);
  return literal === null || isPublicAddress(literal);
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http(s).request that refuses a name resolving to a private address: checked at
 * connect, so a public name that later points inside (DNS rebinding) is still refused.
 */
export function publicOnlyLookup(allowInsecure: boolean) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const usable = allowInsecure ? addresses : addresses.filter((a) => isPublicAddress(a.address));
      if (usable.length === 0) {
        const refused: NodeJS.ErrnoException = new Error(`${hostname} resolves to no public address`);
        refused.code = 'EPRIVATE';
        return callback(refused, []);
      }
      if (options.all) return callback(null, usable);
      const [first] = usable as [LookupAddress];
      return callback(null, first.address, first.family);
    });
  };
}
