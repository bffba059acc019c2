/**
 * Reads a JWT's claims without verifying it. The client only uses them to skip a pointless
 * GET /api/auth/user for a token the server would reject anyway; the server stays the judge.
 */
export function jwtClaims(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  const payload = parts[1];
  if (parts.length !== 3 || !payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const claims: unknown = JSON.parse(atob(padded));
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims)
      ? (claims as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** Seconds since the epoch, or null when the token has no numeric `exp`. */
export function jwtExpiry(token: string): number | null {
  const exp = jwtClaims(token)?.exp;
  return typeof exp === 'number' ? exp : null;
}

/**
 * An unreadable token counts as expired: it can never log anyone in. A readable token
 * without `exp` is left to the server to judge.
 */
export function isTokenExpired(token: string, nowMs: number): boolean {
  const claims = jwtClaims(token);
  if (!claims) return true;
  return typeof claims.exp === 'number' && claims.exp * 1000 <= nowMs;
}
