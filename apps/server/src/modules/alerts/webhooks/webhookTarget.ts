import { promises as dns } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { ipLiteralOf, isPublicAddress, webhookUrlProblem } from '@tapeline/core';

/** Every address a name resolves to (`dns.lookup(host, {all: true})`); injected by tests. */
export type ResolveAll = (host: string) => Promise<readonly { address: string; family: number }[]>;

export const systemResolve: ResolveAll = (host) => dns.lookup(host, { all: true, verbatim: true });

export interface WebhookTargetOptions {
  /** WEBHOOK_ALLOW_PRIVATE: private and loopback targets pass (no DNS asked). */
  allowPrivate: boolean;
  lookup?: ResolveAll;
}

/**
 * Whether a webhook URL may be saved: core's rule (scheme, credentials, IP literals), then what
 * its name resolves to now — every address must be public, since a connection may use any of
 * them. A name that does not resolve cannot be checked, so it is refused too. The sender checks
 * again at connect time (publicOnlyLookup), as DNS may answer differently by then.
 */
export async function checkWebhookTarget(
  url: string,
  options: WebhookTargetOptions,
): Promise<'invalid' | null> {
  if (webhookUrlProblem(url, { allowPrivate: options.allowPrivate }) !== null) return 'invalid';
  const value = url.trim();
  if (value === '' || options.allowPrivate) return null;
  const host = new URL(value).hostname;
  if (ipLiteralOf(host) !== null) return null; // core has judged the literal already
  return (await resolvesPublic(host, options.lookup)) ? null : 'invalid';
}

/**
 * The one address check at save, for webhooks and web push endpoints alike: whether every
 * address a host name resolves to now is public. A name that does not resolve cannot be
 * checked, so it is not. (IP literals are judged without DNS by core's `isPublicAddress`.)
 */
export async function resolvesPublic(host: string, lookup: ResolveAll = systemResolve): Promise<boolean> {
  try {
    const addresses = await lookup(host);
    return addresses.length > 0 && addresses.every((a) => isPublicAddress(a.address));
  } catch {
    return false;
  }
}

/** A connection refused because its name resolved to an address that is not public. */
export class BlockedAddressError extends Error {
  readonly code = 'EWEBHOOKBLOCKED';
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`${host} resolves to a non-public address (${address})`);
  }
}

/**
 * The `lookup` a webhook connection resolves its host with (node's http/https → net.connect).
 * Every address is checked at the moment of connecting, so a name that was public when saved
 * and now points inside (DNS rebinding) is refused before any socket opens. Answers both forms
 * net asks for: one address, or all of them (`all: true`, Happy Eyeballs).
 */
export function publicOnlyLookup(resolve: ResolveAll, allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    const done = callback as (error: Error | null, address?: unknown, family?: number) => void;
    resolve(hostname).then(
      (found) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
        const addresses = found.filter((a) => wanted === 0 || a.family === wanted);
        const first = addresses[0];
        if (!first) {
          done(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }));
          return;
        }
        const blocked = allowPrivate ? undefined : addresses.find((a) => !isPublicAddress(a.address));
        if (blocked) done(new BlockedAddressError(hostname, blocked.address));
        else if (options.all) done(null, addresses);
        else done(null, first.address, first.family);
      },
      (error: Error) => done(error),
    );
  };
}
