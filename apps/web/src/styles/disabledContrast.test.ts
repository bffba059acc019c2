import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// A disabled button ("Choose a plan to continue") must stay readable: its text at least 4.5:1
// against its background (issue 27; it was faded to 3:1). Read from the stylesheets themselves.

const css = (name: string) => readFileSync(new URL(`./${name}`, import.meta.url), 'utf8');
const variables = new Map(
  [...css('base.css').matchAll(/--([\w-]+):\s*(#[0-9a-f]{6})\s*;/gi)].map((m) => [m[1], m[2]]),
);

/** The declarations of the first rule whose selector list names `selector`. */
function rule(source: string, selector: string): Record<string, string> {
  for (const [, selectors, body] of source.matchAll(/([^{}]+)\{([^}]*)\}/g)) {
    if (!selectors?.split(',').some((s) => s.trim() === selector)) continue;
    return Object.fromEntries(
      (body ?? '')
        .split(';')
        .map((d) => d.split(':').map((x) => x.trim()))
        .filter((d): d is [string, string] => d.length === 2 && d[0] !== ''),
    );
  }
  throw new Error(`no rule for ${selector}`);
}

const colour = (value: string | undefined) => {
  const name = value?.match(/var\(--([\w-]+)\)/)?.[1];
  const hex = name ? variables.get(name) : value;
  if (!hex) throw new Error(`no colour in ${value}`);
  return hex;
};

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

describe('disabled buttons stay readable', () => {
  it('text against background at least 4.5:1, not faded with opacity', () => {
    const disabled = rule(css('controls.css'), '.btn-primary:disabled');
    expect(disabled.opacity ?? '1').toBe('1');
    expect(contrast(colour(disabled.color), colour(disabled.background))).toBeGreaterThanOrEqual(4.5);
  });
});
