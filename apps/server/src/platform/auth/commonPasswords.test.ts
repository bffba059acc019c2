import { dictionary } from '@zxcvbn-ts/language-common';
import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './commonPasswords.ts';

describe('common passwords', () => {
  it('checks against a maintained list of at least 10,000 passwords', () => {
    expect((dictionary['passwords-common'] as string[]).length).toBeGreaterThanOrEqual(10_000);
  });

  it('refuses the classics whatever their case', () => {
    for (const password of ['password', 'PASSWORD', '12345678', 'qwertyuiop', 'iloveyou', 'Sunshine']) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it('accepts a password nobody else uses', () => {
    expect(isCommonPassword('correct horse battery')).toBe(false);
    expect(isCommonPassword('t4pe-line-Δ-42x')).toBe(false);
  });
});
