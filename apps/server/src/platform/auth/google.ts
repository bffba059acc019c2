import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { Clock } from '../clock.ts';

export interface GoogleIdentity {
  sub: string;
  email: string;
}

export interface GoogleVerifier {
  /** The identity in a Google ID token, or null when the token is not one Google issued to us. */
  verify(idToken: string): Promise<GoogleIdentity | null>;
}

const ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

/**
 * Checks signature (against the JWKS), issuer, audience and expiry. An identity is only
 * returned for a Google-verified email: an unverified one must never sign anyone in.
 */
export function createGoogleVerifier(options: {
  clientId: string;
  jwksUrl: string;
  clock: Clock;
}): GoogleVerifier {
  const jwks = createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: 5000 });
  return {
    async verify(idToken) {
      try {
        const { payload } = await jwtVerify(idToken, jwks, {
          issuer: ISSUERS,
          audience: options.clientId,
          currentDate: new Date(options.clock.now()),
        });
        const verified = payload.email_verified === true || payload.email_verified === 'true';
        if (!verified || typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
        return { sub: payload.sub, email: payload.email };
      } catch {
        return null;
      }
    },
  };
}
