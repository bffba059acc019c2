import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';

export const FAKE_GOOGLE_CLIENT_ID = 'tapeline-test.apps.googleusercontent.com';

export interface GoogleFake {
  jwksUrl: string;
  /** An ID token as Google would sign it; claims override the defaults (`exp` included). */
  idToken(claims?: JWTPayload & { email?: string; email_verified?: boolean }): Promise<string>;
  /** A token signed by a key the JWKS does not publish. */
  forgedIdToken(claims?: JWTPayload): Promise<string>;
  close(): Promise<void>;
}

/** Google's JWKS endpoint on loopback, with its own RSA key: the documented protocol, faked. */
export async function startGoogleFake(): Promise<GoogleFake> {
  const keys = await generateKeyPair('RS256');
  const stranger = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  type Key = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
  const sign = (key: Key, claims: JWTPayload = {}) =>
    new SignJWT({ email_verified: true, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer(claims.iss ?? 'https://accounts.google.com')
      .setAudience(claims.aud ?? FAKE_GOOGLE_CLIENT_ID)
      .setSubject(String(claims.sub ?? '1000001'))
      .setIssuedAt()
      .setExpirationTime(claims.exp ?? '1h')
      .sign(key);

  return {
    jwksUrl: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    idToken: (claims) => sign(keys.privateKey, claims),
    forgedIdToken: (claims) => sign(stranger.privateKey, claims),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
