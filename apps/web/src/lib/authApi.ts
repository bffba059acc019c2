import {
  configResponseSchema,
  type GoogleRequest,
  type LoginRequest,
  type ResetPasswordRequest,
  type SignupRequest,
  sessionResponseSchema,
  signupResponseSchema,
  successResponseSchema,
  type UpdateUserRequest,
  updateUserResponseSchema,
  userSchema,
} from '@tapeline/core';
import { z } from 'zod';
import { createApiClient } from './api.ts';
import { appStores, readToken } from './session.ts';

const unauthorizedListeners = new Set<() => void>();

/** The session provider subscribes here so that any 401 logs the user out. */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export const api = createApiClient({
  baseUrl: '',
  getToken: () => readToken(appStores),
  onUnauthorized: () => {
    for (const listener of unauthorizedListeners) listener();
  },
});

const userResponseSchema = z.object({ user: userSchema });

export const authApi = {
  login: (body: LoginRequest) => api.request('POST', '/api/auth/login', sessionResponseSchema, body),
  signup: (body: SignupRequest) => api.request('POST', '/api/auth/signup', signupResponseSchema, body),
  google: (body: GoogleRequest) => api.request('POST', '/api/auth/google', sessionResponseSchema, body),
  resendVerification: (email: string) =>
    api.request('POST', '/api/auth/verify_email', successResponseSchema, { email }),
  forgotPassword: (email: string) =>
    api.request('POST', '/api/auth/forgot_password', successResponseSchema, { email }),
  resetPassword: (body: ResetPasswordRequest) =>
    api.request('POST', '/api/auth/reset_password', successResponseSchema, body),
  /** Ends this browser's session on the server, so the token is useless even if it leaked. */
  logout: () => api.request('POST', '/api/auth/logout', successResponseSchema),
  currentUser: async () => (await api.request('GET', '/api/auth/user', userResponseSchema)).user,
  updateUser: (body: UpdateUserRequest) =>
    api.request('PUT', '/api/auth/user', updateUserResponseSchema, body),
  config: () => api.request('GET', '/api/config', configResponseSchema),
};
