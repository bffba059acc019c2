/** The name as stored: NFKC (so compatibility look-alikes such as ｆｕｌｌ-width letters fold) and trimmed. */
export function normalizeUsername(raw: string): string {
  return raw.normalize('NFKC').trim();
}

/**
 * A name case folded (upper then lower approximates Unicode full case folding: 'ß' → 'ss',
 * final 'ς' → 'σ'): how a reader matches names already stored, such as a mention of me or a
 * filter by user in the chat list. Whether two names may both exist is `usernameKey`'s question
 * (with the confusables table, which stays out of the web's bundle).
 */
export function usernameFoldKey(raw: string): string {
  return normalizeUsername(raw).toUpperCase().toLowerCase();
}
