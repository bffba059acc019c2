import { SYMBOLS_VALIDATE_MAX } from '@tapeline/core';

/**
 * Asks the server which symbols exist, at most SYMBOLS_VALIDATE_MAX per request (a long CSV
 * would otherwise be refused whole). Nothing to ask means nothing valid, without a request.
 */
export async function validateInChunks(
  symbols: readonly string[],
  validate: (chunk: string[]) => Promise<{ symbols: string[] }>,
  chunkSize = SYMBOLS_VALIDATE_MAX,
): Promise<string[]> {
  const valid: string[] = [];
  for (let at = 0; at < symbols.length; at += chunkSize) {
    const answer = await validate(symbols.slice(at, at + chunkSize));
    valid.push(...answer.symbols);
  }
  return valid;
}
