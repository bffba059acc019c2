/**
 * Reads an MP3 the way a player finds its frames: each frame starts with an 11-bit sync word and
 * a header naming its version, layer, bitrate and sample rate, which give the frame's length.
 * Only layer III (what lamejs writes) is measured; anything that is not a frame is a failure.
 */

export interface Mp3Summary {
  frames: number;
  /** Every frame's sample rate (one value for a well-formed clip). */
  sampleRates: Set<number>;
  bitratesKbps: Set<number>;
  /** Whether every frame is single-channel. */
  mono: boolean;
  /** Frames × samples per frame ÷ sample rate. */
  seconds: number;
  /** Bytes before the first frame (an ID3 tag) or left over after the last whole frame. */
  strayBytes: number;
}

// Layer III bitrates (kbps) by index: MPEG-1, then MPEG-2 and 2.5.
const BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const SAMPLE_RATES: Record<number, number[]> = {
  3: [44_100, 48_000, 32_000], // MPEG-1
  2: [22_050, 24_000, 16_000], // MPEG-2
  0: [11_025, 12_000, 8_000], // MPEG-2.5
};

export function readMp3(bytes: Uint8Array): Mp3Summary {
  let offset = 0;
  let stray = 0;
  // An ID3v2 tag: "ID3", version, flags, then a 28-bit size in 4 × 7 bits.
  if (bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33) {
    const size = ((bytes[6] ?? 0) << 21) | ((bytes[7] ?? 0) << 14) | ((bytes[8] ?? 0) << 7) | (bytes[9] ?? 0);
    offset = 10 + size;
    stray += offset;
  }
  const summary: Mp3Summary = {
    frames: 0,
    sampleRates: new Set(),
    bitratesKbps: new Set(),
    mono: true,
    seconds: 0,
    strayBytes: 0,
  };
  while (offset + 4 <= bytes.length) {
    const b1 = bytes[offset + 1] as number;
    const b2 = bytes[offset + 2] as number;
    const b3 = bytes[offset + 3] as number;
    if (bytes[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) throw new Error(`no frame sync at byte ${offset}`);
    const version = (b1 >> 3) & 0b11;
    const layer = (b1 >> 1) & 0b11;
    if (version === 1) throw new Error(`reserved MPEG version at byte ${offset}`);
    if (layer !== 0b01) throw new Error(`not layer III at byte ${offset}`);
    const v1 = version === 3;
    const bitrate = (v1 ? BITRATES_V1 : BITRATES_V2)[(b2 >> 4) & 0x0f];
    const sampleRate = SAMPLE_RATES[version]?.[(b2 >> 2) & 0b11];
    if (!bitrate || !sampleRate) throw new Error(`bad bitrate or sample rate at byte ${offset}`);
    const padding = (b2 >> 1) & 1;
    const samplesPerFrame = v1 ? 1152 : 576;
    const length = Math.floor(((samplesPerFrame / 8) * bitrate * 1000) / sampleRate) + padding;
    if (offset + length > bytes.length) break;
    summary.frames++;
    summary.sampleRates.add(sampleRate);
    summary.bitratesKbps.add(bitrate);
    if (((b3 >> 6) & 0b11) !== 0b11) summary.mono = false;
    summary.seconds += samplesPerFrame / sampleRate;
    offset += length;
  }
  summary.strayBytes = stray + (bytes.length - offset);
  return summary;
}
