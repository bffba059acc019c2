import type { Page } from '@playwright/test';

/** A call to the API with the page's own token, as the app's client sends it. */
export async function apiAs<T = unknown>(
  page: Page,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const token = localStorage.getItem('tapeline.token') ?? sessionStorage.getItem('tapeline.token');
      const res = await fetch(url, {
        method,
        // A JSON content type with no body is refused (400), as the server should.
        headers: {
          Authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
    },
    { method, url, body },
  );
}

/** A GET of the data host (`/data/…`) with a data token logged in for the page's user, as the app does. */
export async function dataAs<T = unknown>(page: Page, path: string): Promise<{ status: number; body: T }> {
  const ds = await apiAs<{ token: string }>(page, 'POST', '/api/auth/ds/login');
  return page.evaluate(
    async ({ path, token }) => {
      const res = await fetch(path, { headers: { Authorization: `Bearer ${token}` } });
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
    },
    { path, token: ds.body.token },
  );
}
