import { describe, expect, it } from 'vitest';
import { isValidEmail, normalizeEmail } from './email.ts';

describe('isValidEmail', () => {
  it.each(['trader@example.com', 'first.last+tag@sub.example.co.uk', 'a@b.io', 'UPPER@EXAMPLE.COM'])(
    'accepts %s',
    (email) => expect(isValidEmail(email)).toBe(true),
  );
  it.each([
    '',
    'plain',
    '@example.com',
    'trader@',
    'trader@example',
    'trader@example.c',
    'two@@example.com',
    'spa ce@example.com',
    'trader@exa mple.com',
    'trader@.example.com',
    'trader@example..com',
    `${'a'.repeat(250)}@example.com`,
  ])('rejects %j', (email) => expect(isValidEmail(email)).toBe(false));
});

describe('normalizeEmail', () => {
  it('trims and lower-cases', () => {
    expect(normalizeEmail('  Trader@Example.COM ')).toBe('trader@example.com');
  });
});
