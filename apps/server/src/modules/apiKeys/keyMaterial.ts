import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_KEY_PATTERN, API_KEY_PREFIX } from '@tapeline/core';

/** A new key: `tl_live_<16-char id>_<43-char secret>` (96 + 256 random bits), and what is stored. */
export function newApiKey(): { key: string; keyId: string; keyHash: string } {
  const keyId = randomBytes(12).toString('base64url');
  const key = `${API_KEY_PREFIX}${keyId}_${randomBytes(32).toString('base64url')}`;
  return { key, keyId, keyHash: hashApiKey(key) };
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The id part of a well-formed key (what the row is found by), or null for anything else. */
export function keyIdOf(key: string): string | null {
  if (!API_KEY_PATTERN.test(key)) return null;
  return key.slice(API_KEY_PREFIX.length, API_KEY_PREFIX.length + 16);
}

/** Whether a presented key hashes to the stored hash, in time that does not depend on where they differ. */
export function keyMatches(presented: string, storedHash: string): boolean {
  const a = Buffer.from(hashApiKey(presented), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
