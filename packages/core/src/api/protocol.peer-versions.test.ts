import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, protocolMismatch, protocolOf } from './protocol.ts';

describe('protocolOf: the version a peer message names', () => {
  it('reads v', () => {
    expect(protocolOf({ v: 1, id: 3 })).toBe(1);
    expect(protocolOf({ v: 7 })).toBe(7);
  });

  it('a message with no v, or no object at all, is protocol 1 (from before versions were named)', () => {
    expect(protocolOf({ id: 3 })).toBe(1);
    expect(protocolOf(undefined)).toBe(1);
    expect(protocolOf(() => undefined)).toBe(1);
  });

  it('a v that is not a whole number matches no version', () => {
    expect(protocolOf({ v: '1' })).toBeNaN();
    expect(protocolOf({ v: 1.5 })).toBeNaN();
  });
});

describe('protocolMismatch', () => {
  it('names both versions', () => {
    expect(PROTOCOL_VERSION).toBe(6);
    expect(protocolMismatch('the market engine', 2)).toBe(
      'the market engine speaks protocol v2, this side speaks v6: refused; run the same build on both',
    );
  });
});
