import {
  type AdminUserUpdateRequest,
  adminUserListSchema,
  adminUserUpdateResponseSchema,
} from '@tapeline/core';
import { api } from '../../lib/authApi.ts';

export const adminApi = {
  users: () => api.request('GET', '/api/admin/users', adminUserListSchema),
  update: async (body: AdminUserUpdateRequest) =>
    (await api.request('POST', '/api/admin/user/update', adminUserUpdateResponseSchema, body)).content,
};

export const adminKeys = { users: ['admin', 'users'] as const };
