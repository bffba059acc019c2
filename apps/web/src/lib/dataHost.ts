import type { z } from 'zod';
import { api } from './authApi.ts';
import { dataTokenSchema } from './dataTokenSchema.ts';

/**
 * The data host (`/data`) takes its own short-lived token from POST /api/auth/ds/login. A 401
 * means the token lapsed: log in to the data source again and retry once (spec §7).
 */
export function createDataHostClient(options: {
  baseUrl: string;
  login: () => Promise<string>;
  fetchImpl?: typeof fetch;
}) {
  let token: string | null = null;
  const doFetch = options.fetchImpl ?? fetch;

  async function attempt(path: string): Promise<Response> {
    token ??= await options.login();
    return doFetch(`${options.baseUrl}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  }

  return {
    async get<S extends z.ZodType>(path: string, schema: S): Promise<z.infer<S>> {
      let response = await attempt(path);
      if (response.status === 401) {
        token = null;
        response = await attempt(path);
      }
      if (!response.ok) throw new Error(`data host answered ${response.status} for ${path}`);
      return schema.parse(await response.json());
    },
    forget() {
      token = null;
    },
  };
}

export const dataHost = createDataHostClient({
  baseUrl: '',
  login: async () => (await api.request('POST', '/api/auth/ds/login', dataTokenSchema)).token,
});
