import { profileResponseSchema } from '@tapeline/core';
import { api } from './authApi.ts';

export interface ProfileUpdate {
  username: string;
  notification: boolean;
  image: File | null;
}

export const profileApi = {
  get: () => api.request('GET', '/api/profile', profileResponseSchema),
  /** Multipart, as spec §7 says: username, notification and the optional image file. */
  update: ({ username, notification, image }: ProfileUpdate) => {
    const form = new FormData();
    form.set('username', username);
    form.set('notification', notification ? 'true' : 'false');
    if (image) form.set('image', image, image.name);
    return api.request('POST', '/api/profile', profileResponseSchema, form);
  },
};

export const profileKeys = { profile: ['profile'] as const };
