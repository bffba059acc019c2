import { messages, PROFILE_IMAGE_MAX_BYTES, USERNAME_MAX_LENGTH } from '@tapeline/core';
import { z } from 'zod';
import { detailOf, failureOf } from '../../lib/api.ts';
import { formRules } from '../../ui/form/formRules.ts';
import { accountText } from './accountText.ts';

/** Spec §5: required, at most 20 characters; both read 'Username is required'. */
export function usernameProblem(username: string): string | null {
  const trimmed = username.trim();
  return trimmed.length === 0 || trimmed.length > USERNAME_MAX_LENGTH ? messages.usernameRequired : null;
}

/** The Profile tab's form: the username is sent trimmed. */
export const profileForm = formRules({ username: z.string(), notification: z.boolean() }, (form) =>
  usernameProblem(form.username),
);

/** Spec §5/§9: images only, at most 10 MB; checked before upload as the server checks again. */
export function imageProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!file.type.startsWith('image/')) return accountText.profile.imageNotImage;
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return messages.imageTooLarge;
  return null;
}

/** Spec §8 profile errors by the API's error code. */
export function profileSaveError(error: unknown): string {
  const failure = failureOf(error);
  if (failure.kind === 'api') {
    if (failure.code === 'LIMIT_FILE_SIZE') return messages.imageTooLarge;
    if (failure.code === 'FILE_UPLOAD_FAIL') return messages.imageUploadFailed;
    if (failure.code === 'username_taken') return messages.usernameTaken;
    // invalid_username covers two rules; the server's message says which one was broken.
    if (failure.code === 'invalid_username' && detailOf(error) === messages.usernameForbidden)
      return messages.usernameForbidden;
    if (failure.code === 'invalid_content' || failure.code === 'invalid_username')
      return messages.usernameRequired;
    if (failure.status === 413) return messages.imageTooLarge;
  }
  return messages.profileSaveFailed;
}
