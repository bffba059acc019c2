import { describe, expect, it } from 'vitest';
import { hasRole } from './role.ts';

describe('hasRole: an admin meets a mod requirement, never the other way round', () => {
  it.each([
    ['admin', 'admin', true],
    ['admin', 'mod', true],
    ['mod', 'mod', true],
    ['mod', 'admin', false],
    ['trader', 'mod', false],
    ['trader', 'admin', false],
  ] as const)('%s asked for %s: %s', (role, required, expected) => {
    expect(hasRole(role, required)).toBe(expected);
  });
});
