import { describe, expect, it } from 'vitest';
import { badgeFor, iconUrlFor } from './symbolIcon.ts';

describe('iconUrlFor', () => {
  it('fills every {symbol} of the template, escaped', () => {
    expect(iconUrlFor('https://cdn.example/icons/{symbol}.png', 'AAPL')).toBe(
      'https://cdn.example/icons/AAPL.png',
    );
    expect(iconUrlFor('https://cdn.example/{symbol}/{symbol}.svg', 'BRK.B')).toBe(
      'https://cdn.example/BRK.B/BRK.B.svg',
    );
    expect(iconUrlFor('https://cdn.example/{symbol}.png', 'A/B')).toBe('https://cdn.example/A%2FB.png');
  });

  it('is null without a template, or with one that does not name the symbol', () => {
    expect(iconUrlFor(null, 'AAPL')).toBeNull();
    expect(iconUrlFor('', 'AAPL')).toBeNull();
    expect(iconUrlFor('https://cdn.example/logo.png', 'AAPL')).toBeNull();
  });
});

describe('badgeFor', () => {
  it('shows up to two letters of the symbol, without punctuation', () => {
    expect(badgeFor('AAPL').letters).toBe('AA');
    expect(badgeFor('F').letters).toBe('F');
    expect(badgeFor('.B').letters).toBe('B');
    expect(badgeFor('').letters).toBe('?');
  });

  it('colours a symbol the same way every time, and spreads symbols over the hues', () => {
    expect(badgeFor('TSLA').hue).toBe(badgeFor('tsla').hue);
    const hues = new Set(
      ['AAPL', 'MSFT', 'TSLA', 'NVDA', 'AMD', 'SPY', 'QQQ', 'F'].map((s) => badgeFor(s).hue),
    );
    expect(hues.size).toBeGreaterThanOrEqual(6);
    for (const hue of hues) expect(hue >= 0 && hue < 360).toBe(true);
  });
});
