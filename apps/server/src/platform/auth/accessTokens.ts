import { errors, jwtVerify, SignJWT } from 'jose';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

export interface AccessClaims {
  userId: string;
  /** The session (row in `sessions`) the token belongs to; revoking it ends the token. */
  sessionId: string;
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
    issue({ userId, sessionId, tokenVersion, access }) {
      const iat = Math.floor(now().getTime() / 1000);
      const claims = { sid: sessionId, ver: tokenVersion, ...(access ? { acc: access } : {}) };
      return new SignJWT(claims)
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
          // A token without an expiry would live for ever: refuse it even if our key signed it.
          requiredClaims: ['exp', 'iat', 'sub'],
        });
        // Ids go into uuid columns: anything else would be a database error, not a 401.
        if (!isUuid(payload.sub) || !isUuid(payload.sid) || !Number.isSafeInteger(payload.ver)) {
          return { ok: false, reason: 'invalid' };
        }
        const claims: AccessClaims = {
          userId: payload.sub,
          sessionId: payload.sid,
          tokenVersion: payload.ver as number,
        };
        if (typeof payload.acc === 'string') claims.access = payload.acc;
        return { ok: true, claims };
      } catch (error) {
        return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}
