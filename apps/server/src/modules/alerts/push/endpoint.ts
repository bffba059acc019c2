import { ipLiteralOf, isPublicAddress } from '@tapeline/core';
import { type ResolveAll, resolvesPublic } from '../webhooks/webhookTarget.ts';

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

/**
 * At save: the URL rules above, then, for a host name, what it resolves to now — every address
 * public, as a webhook URL must (`resolvesPublic`, one check for both). The sender checks again
 * at connect time (`publicOnlyLookup`), since DNS may answer differently by then.
 */
export async function checkPushEndpoint(
  endpoint: string,
  options: { allowInsecure: boolean; lookup?: ResolveAll },
): Promise<boolean> {
  if (!isAllowedEndpoint(endpoint, options.allowInsecure)) return false;
  if (options.allowInsecure) return true;
  const host = new URL(endpoint).hostname.replace(/\.$/, '');
  if (ipLiteralOf(host) !== null) return true; // judged above
  return resolvesPublic(host, options.lookup);
}
