import { describe, expect, it } from 'vitest';
import { isReservedUsername, usernameKey, usernameProblem } from './username.ts';
import { normalizeUsername } from './usernameFold.ts';

describe('usernames', () => {
  it('treats names that differ only in case or compatibility form as the same name', () => {
    expect(usernameKey('Trader')).toBe(usernameKey('tRADER'));
    expect(usernameKey('ｔｒａｄｅｒ')).toBe(usernameKey('trader'));
    expect(usernameKey('straße')).toBe(usernameKey('STRASSE'));
    expect(usernameKey('ﬁsh')).toBe(usernameKey('fish'));
    expect(usernameKey('trader')).not.toBe(usernameKey('trader2'));
  });

  it('stores the NFKC form, trimmed', () => {
    expect(normalizeUsername('  ｂｏｂ ')).toBe('bob');
  });

  it('refuses bidi overrides, zero-width and control characters', () => {
    expect(usernameProblem('ali\u202Ece')).toBe('forbidden_characters');
    expect(usernameProblem('bob\u200B')).toBe('forbidden_characters');
    expect(usernameProblem('a\u2066b')).toBe('forbidden_characters');
    expect(usernameProblem('tab\there')).toBe('forbidden_characters');
    expect(usernameProblem('line\u2028two')).toBe('forbidden_characters');
    expect(usernameProblem('nul\u0000')).toBe('forbidden_characters');
  });

  it('requires a name of at most 20 characters, counting code points', () => {
    expect(usernameProblem('   ')).toBe('required');
    expect(usernameProblem('a'.repeat(20))).toBeNull();
    expect(usernameProblem('a'.repeat(21))).toBe('too_long');
    expect(usernameProblem('📈'.repeat(20))).toBeNull();
    expect(usernameProblem('Élan Vital')).toBeNull();
  });
});

describe('usernames that read as another (Unicode TR39 confusables skeleton)', () => {
  it('gives look-alikes from other scripts the same key', () => {
    expect(usernameKey('ѕес_victim')).toBe(usernameKey('sec_victim'));
    expect(usernameKey('Ρaypal')).toBe(usernameKey('paypal'));
    expect(usernameKey('ѕес_victim')).toBe(usernameKey('SEC_VICTIM'));
    expect(usernameKey('Momentum')).toBe(usernameKey('rnomentum'));
    expect(usernameKey('sec_victim')).not.toBe(usernameKey('sec_victor'));
  });

  it('keeps the case and compatibility rules', () => {
    expect(usernameKey('ＭＯＭＥＮＴＵＭ_ＫＩＤ')).toBe(usernameKey('momentum_kid'));
  });
});

describe('reserved usernames', () => {
  it.each([
    'admin',
    'Admin',
    'аdmin',
    'ad_min',
    'MOD',
    'moderator',
    'support2',
    'Tapeline',
    'root',
    'system',
    'staff',
  ])('refuses %s', (name) => {
    expect(usernameProblem(name)).toBe('reserved');
    expect(isReservedUsername(name)).toBe(true);
  });

  it.each(['admiral', 'model', 'tape_reader', 'rooted_in_value', 'sysop_sam'])('allows %s', (name) => {
    expect(usernameProblem(name)).toBeNull();
  });
});
