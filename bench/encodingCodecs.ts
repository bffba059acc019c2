// The stream encodings compared, simplest change first. Each turns a batch into the bytes
// `compressedUpdate` carries (once per batch, on the server) and back (once per client).
// `perMessageDeflate` marks the one whose compression is not ours but the WebSocket's, which ws
// does for every socket.
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { Decoder, Encoder } from '@msgpack/msgpack';
import type { StreamBatch } from '@tapeline/market';

export interface Codec {
  key: 'json' | 'deflate' | 'json_deflated' | 'binary' | 'binary_deflated';
  label: string;
  perMessageDeflate: boolean;
  encode(batch: StreamBatch): Buffer;
  /** The bytes a client's decoding starts from: the frame's payload before the WebSocket inflates it. */
  received(bytes: Buffer): Buffer;
  /** What a browser does with them, the WebSocket's inflation included. */
  decode(received: Buffer): StreamBatch;
}

const text = new TextDecoder();
// One encoder and one decoder reused, as a server and a page would keep them.
const encoder = new Encoder();
const decoder = new Decoder();
const toBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const json = (batch: StreamBatch) => Buffer.from(JSON.stringify(batch));
const binary = (batch: StreamBatch) => toBuffer(encoder.encode(batch));
const same = (bytes: Buffer) => bytes;
const parse = (bytes: Uint8Array) => JSON.parse(text.decode(bytes)) as StreamBatch;

export const CODECS: readonly Codec[] = [
  {
    key: 'json',
    label: 'JSON',
    perMessageDeflate: false,
    encode: json,
    received: same,
    decode: parse,
  },
  {
    key: 'deflate',
    label: 'JSON + permessage-deflate',
    perMessageDeflate: true,
    encode: json,
    // The browser's WebSocket inflates natively before the handler sees the bytes; the same
    // zlib work is counted here so the client figure is comparable.
    received: (bytes) => deflateRawSync(bytes),
    decode: (bytes) => parse(inflateRawSync(bytes)),
  },
  {
    key: 'json_deflated',
    label: 'JSON deflated once',
    perMessageDeflate: false,
    encode: (batch) => deflateRawSync(json(batch)),
    received: same,
    decode: (bytes) => parse(inflateRawSync(bytes)),
  },
  {
    key: 'binary',
    label: 'MessagePack',
    perMessageDeflate: false,
    encode: binary,
    received: same,
    decode: (bytes) => decoder.decode(bytes) as StreamBatch,
  },
  {
    key: 'binary_deflated',
    label: 'MessagePack deflated once',
    perMessageDeflate: false,
    encode: (batch) => deflateRawSync(binary(batch)),
    received: same,
    decode: (bytes) => decoder.decode(inflateRawSync(bytes)) as StreamBatch,
  },
];
