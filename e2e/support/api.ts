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
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
    },
    { method, url, body },
  );
}
