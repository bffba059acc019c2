import type { ResolveAll } from '../webhookTarget.ts';

/**
 * A name resolver answering from a table (host → addresses), ENOTFOUND for any other name: the
 * save-time and connect-time address checks run without a query leaving the machine.
 */
export const answers =
  (table: Record<string, string[]>): ResolveAll =>
  async (host) => {
    const found = table[host];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
