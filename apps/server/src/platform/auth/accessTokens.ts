import { errors, jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  userId: string;
  tokenVersion: number;
  /** Data-host tokens carry what the plan opens, so `/data` need not ask the database. */
  access?: string;
}

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; reason: 'invalid' | 'expired' };

export interface AccessTokens {
  issue(claims: AccessClaims): Promise<string>;
  verify(token: string): Promise<VerifyResult>;
}

/**
 * HS256 bearer tokens. `ver` ties a token to the password it was issued under; the audience
 * keeps API tokens and short-lived data-host tokens from standing in for each other.
 */
export function createAccessTokens(
  secret: string,
  ttlMs: number,
  now: () => Date,
  audience = 'tapeline-api',
): AccessTokens {
  const key = new TextEncoder().encode(secret);
  return {
    issue({ userId, tokenVersion, access }) {
      const iat = Math.floor(now().getTime() / 1000);
      return new SignJWT(access ? { ver: tokenVersion, acc: access } : { ver: tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setAudience(audience)
        .setIssuedAt(iat)
        .setExpirationTime(iat + Math.floor(ttlMs / 1000))
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          audience,
          currentDate: now(),
        });
        if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') {
          return { ok: false, reason: 'invalid' };
        }
        const claims: AccessClaims = { userId: payload.sub, tokenVersion: payload.ver };
        if (typeof payload.acc === 'string') claims.access = payload.acc;
        return { ok: true, claims };
      } catch (error) {
        return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}
