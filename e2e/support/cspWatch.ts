import type { Page } from '@playwright/test';

/**
 * Collects the page's Content-Security-Policy violations, as Chromium reports them on the
 * console ("Refused to … because it violates the following Content Security Policy directive").
 * A spec asserts the list is empty: the server's policy must never break the app it serves.
 */
export function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy/i.test(text)) violations.push(text);
  });
  return violations;
}
