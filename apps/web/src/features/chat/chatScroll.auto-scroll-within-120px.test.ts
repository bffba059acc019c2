import { describe, expect, it } from 'vitest';
import { distanceFromBottom, keepAnchor, nearTop, shouldAutoScroll } from './chatScroll.ts';

const view = (scrollTop: number) => ({ scrollTop, scrollHeight: 2000, clientHeight: 500 });

describe('chat scrolling', () => {
  it('follows new messages at the bottom and up to 120 px above it', () => {
    expect(shouldAutoScroll(view(1500))).toBe(true);
    expect(shouldAutoScroll(view(1380))).toBe(true);
    expect(distanceFromBottom(view(1380))).toBe(120);
  });

  it('leaves a reader 121 px or more up where they are', () => {
    expect(shouldAutoScroll(view(1379))).toBe(false);
    expect(shouldAutoScroll(view(0))).toBe(false);
  });

  it('a list shorter than its view is always at the bottom', () => {
    expect(shouldAutoScroll({ scrollTop: 0, scrollHeight: 300, clientHeight: 500 })).toBe(true);
  });

  it('asks for older messages near the top', () => {
    expect(nearTop(view(80))).toBe(true);
    expect(nearTop(view(81))).toBe(false);
  });

  it('keeps the same message in view when older ones are put above it', () => {
    expect(keepAnchor(view(40), 2600)).toBe(640);
  });
});
