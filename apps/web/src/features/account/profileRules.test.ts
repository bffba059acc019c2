import { messages } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import { CallError } from '../../lib/api.ts';
import { accountText } from './accountText.ts';
import { imageProblem, profileSaveError, usernameProblem } from './profileRules.ts';

const MB = 1024 * 1024;

describe('profile rules', () => {
  it('requires a username of at most 20 characters', () => {
    expect(usernameProblem('')).toBe(messages.usernameRequired);
    expect(usernameProblem('   ')).toBe(messages.usernameRequired);
    expect(usernameProblem('a'.repeat(21))).toBe(messages.usernameRequired);
    expect(usernameProblem('a'.repeat(20))).toBeNull();
  });

  it('accepts images up to 10 MB only', () => {
    expect(imageProblem({ type: 'image/png', size: 10 * MB })).toBeNull();
    expect(imageProblem({ type: 'image/png', size: 10 * MB + 1 })).toBe(messages.imageTooLarge);
    expect(imageProblem({ type: 'application/pdf', size: 10 })).toBe(accountText.profile.imageNotImage);
  });

  it('maps save errors to the spec wording', () => {
    const err = (status: number, code: string) => new CallError({ kind: 'api', status, code });
    expect(profileSaveError(err(413, 'LIMIT_FILE_SIZE'))).toBe(messages.imageTooLarge);
    expect(profileSaveError(err(400, 'FILE_UPLOAD_FAIL'))).toBe(messages.imageUploadFailed);
    expect(profileSaveError(err(400, 'invalid_content'))).toBe(messages.usernameRequired);
    expect(profileSaveError(err(500, 'internal'))).toBe(messages.profileSaveFailed);
    expect(profileSaveError(new CallError({ kind: 'network' }))).toBe(messages.profileSaveFailed);
  });
});
