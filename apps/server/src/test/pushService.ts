import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  type ECDH,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
} from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service on loopback, speaking Web Push as the vendors document it (RFC 8030 delivery,
 * RFC 8292 VAPID, RFC 8291 + RFC 8188 aes128gcm), and decrypting each message with the
 * subscription's private key exactly as the subscribed browser would. Tests read what a browser
 * would have shown. Deviation from a real service, to make failures readable: a message it cannot
 * decrypt is answered 400 with the reason (a real service would accept it and the browser drop it).
 */

export interface TestSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  endpoint: string;
  /** The decrypted message, as the service worker's `event.data.text()` reads it. */
  payload: string;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  /** The VAPID JWT's verified claims and the key that signed it. */
  vapid: { aud: string; exp: number; sub: string; publicKey: string };
}

interface Subscriber {
  ecdh: ECDH;
  auth: Buffer;
  /** The applicationServerKey the browser subscribed with; pushes signed by another are refused (403). */
  serverKey: string | null;
}

export interface PushService {
  /** A fresh subscription (new P-256 key pair and auth secret), as PushManager.subscribe returns it. */
  createSubscription(applicationServerKey?: string): TestSubscription;
  /** Answer this status to every push for the endpoint (410: unsubscribed; null: back to normal). */
  answerWith(endpoint: string, status: number | null): void;
  /** Pushes accepted so far, oldest first; for one endpoint when given. */
  received(endpoint?: string): ReceivedPush[];
  /** Requests refused (status and why), for tests that expect a refusal. */
  refused: { endpoint: string; status: number; reason: string }[];
  close(): Promise<void>;
}

/** Push services refuse larger messages (RFC 8030 §7.2 allows it; every vendor caps at 4096). */
const MAX_MESSAGE_BYTES = 4096;

class Refusal extends Error {
  constructor(
    readonly status: number,
    reason: string,
  ) {
    super(reason);
  }
}

const b64u = (bytes: Buffer) => bytes.toString('base64url');

/** RFC 8292 §2–3: `vapid t=<JWT>, k=<public key>`, ES256 over the P-256 key, aud = our origin. */
function verifyVapid(header: string | undefined, origin: string, nowSeconds: number): ReceivedPush['vapid'] {
  const match = /^vapid\s+(.+)$/i.exec(header ?? '');
  if (!match?.[1]) throw new Refusal(401, 'no VAPID Authorization header');
  const params = Object.fromEntries(
    match[1].split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()];
    }),
  );
  const { t: token, k: key } = params;
  if (!token || !key) throw new Refusal(401, 'VAPID header needs t= and k=');
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Refusal(401, 'k is not an uncompressed P-256 key');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33)) },
    format: 'jwk',
  });
  const [head, body, signature] = token.split('.');
  if (!head || !body || !signature) throw new Refusal(401, 'VAPID token is not a JWT');
  const header_ = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string; typ?: string };
  if (header_.alg !== 'ES256') throw new Refusal(401, `VAPID JWT alg ${header_.alg}, expected ES256`);
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Refusal(401, 'VAPID JWT signature does not verify with k');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as {
    aud?: string;
    exp?: number;
    sub?: string;
  };
  if (claims.aud !== origin) throw new Refusal(401, `VAPID aud ${claims.aud}, expected ${origin}`);
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds || claims.exp > nowSeconds + 24 * 3600) {
    throw new Refusal(401, 'VAPID exp must be in the next 24 hours');
  }
  if (!claims.sub || !/^(mailto:|https:)/.test(claims.sub))
    throw new Refusal(401, 'VAPID sub must be mailto: or https:');
  return { aud: claims.aud, exp: claims.exp, sub: claims.sub, publicKey: key };
}

/** RFC 8291 §3.4 key derivation, then the one RFC 8188 record it allows (§4), as the browser does. */
function decrypt(body: Buffer, subscriber: Subscriber): string {
  if (body.length < 21 + 65 + 17)
    throw new Refusal(400, 'message too short for an aes128gcm header and record');
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20] ?? 0;
  if (idlen !== 65) throw new Refusal(400, `keyid must be the 65-byte sender key, got ${idlen} bytes`);
  const senderKey = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  if (rs < 18 || record.length > rs) throw new Refusal(400, 'web push allows one record only (RFC 8291 §4)');
  const receiverKey = subscriber.ecdh.getPublicKey();
  let secret: Buffer;
  try {
    secret = subscriber.ecdh.computeSecret(senderKey);
  } catch {
    throw new Refusal(400, 'sender key is not a P-256 point');
  }
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverKey, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, subscriber.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  // Record 0: the nonce XOR 0 is the nonce itself.
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  let plain: Buffer;
  try {
    plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  } catch {
    throw new Refusal(400, 'aes128gcm record does not decrypt with this subscription (wrong keys or auth)');
  }
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Refusal(400, 'last record must end with the 0x02 padding delimiter');
  return plain.subarray(0, end).toString('utf8');
}

export async function startPushService(now: () => number = Date.now): Promise<PushService> {
  const subscribers = new Map<string, Subscriber>();
  const statuses = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const refused: PushService['refused'] = [];
  let origin = '';

  const handle = (request: http.IncomingMessage, body: Buffer): { status: number; reason?: string } => {
    const endpoint = `${origin}${request.url ?? ''}`;
    const id = /^\/push\/([0-9a-f-]{36})$/.exec(request.url ?? '')?.[1];
    const subscriber = id ? subscribers.get(id) : undefined;
    if (request.method !== 'POST') return { status: 405, reason: 'push messages are POSTed' };
    if (!subscriber) return { status: 404, reason: 'no such subscription' };
    const forced = statuses.get(endpoint);
    if (forced) return { status: forced, reason: 'told to' };
    try {
      const ttl = Number(request.headers.ttl);
      if (request.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0) {
        throw new Refusal(400, 'TTL header is required (RFC 8030 §5.2)');
      }
      const vapid = verifyVapid(request.headers.authorization, origin, Math.floor(now() / 1000));
      if (subscriber.serverKey && vapid.publicKey !== subscriber.serverKey) {
        throw new Refusal(403, 'signed with another key than the subscription was made with');
      }
      if (body.length > MAX_MESSAGE_BYTES) throw new Refusal(413, `message of ${body.length} bytes`);
      if (request.headers['content-encoding'] !== 'aes128gcm')
        throw new Refusal(400, 'Content-Encoding must be aes128gcm');
      const payload = decrypt(body, subscriber);
      const header = (name: string) => (request.headers[name] as string | undefined) ?? null;
      received.push({ endpoint, payload, ttl, urgency: header('urgency'), topic: header('topic'), vapid });
      return { status: 201 };
    } catch (error) {
      if (error instanceof Refusal) return { status: error.status, reason: error.message };
      return { status: 400, reason: `malformed push request: ${(error as Error).message}` };
    }
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const { status, reason } = handle(request, Buffer.concat(chunks));
      if (reason) refused.push({ endpoint: `${origin}${request.url ?? ''}`, status, reason });
      if (status === 201) response.setHeader('location', `${origin}/message/${randomUUID()}`);
      response.writeHead(status, { 'content-type': 'text/plain' }).end(reason ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    createSubscription(applicationServerKey) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomUUID();
      subscribers.set(id, { ecdh, auth, serverKey: applicationServerKey ?? null });
      return {
        endpoint: `${origin}/push/${id}`,
        expirationTime: null,
        keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) },
      };
    },
    answerWith(endpoint, status) {
      if (status === null) statuses.delete(endpoint);
      else statuses.set(endpoint, status);
    },
    received: (endpoint) => received.filter((r) => endpoint === undefined || r.endpoint === endpoint),
    refused,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
