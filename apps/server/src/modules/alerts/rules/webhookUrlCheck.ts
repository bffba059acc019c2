import { webhookUrlProblem } from '@tapeline/core';

/**
 * Whether a webhook URL may be saved (§5): empty, or an http, https or ftp URL without
 * credentials whose host is not private. Core's rule, which the Webhook modal shares.
 */
export async function webhookUrlAccepted(url: string, allowPrivate: boolean): Promise<boolean> {
  return webhookUrlProblem(url, { allowPrivate }) === null;
}
