import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';

// Content-Security-Policy violations, on every page every spec opens (docs/security.md, V3).
// Chromium prints a blocked load on the console, but a blocked eval that the page catches (a
// library's `new Function` probe) only fires `securitypolicyviolation`: an init script turns
// that event into a console line too, so both kinds land in one list.

const MARK = 'Content Security Policy violation';

/** Runs in the page before any of its scripts (CDP init scripts are not subject to the CSP). */
function reportViolations(mark: string): void {
  document.addEventListener('securitypolicyviolation', (event) => {
    const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}` : '';
    console.error(`${mark}: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}${where}`);
  });
}

const isViolation = (text: string) => /Content Security Policy/i.test(text);

/** Collects every violation of the pages `context` opens (pop-outs too) into `into`. */
export async function watchContextCsp(context: BrowserContext, into: string[]): Promise<void> {
  await context.addInitScript(reportViolations, MARK);
  context.on('console', (message) => {
    if (isViolation(message.text())) into.push(message.text());
  });
}

/**
 * The current test's list (the suite runs one worker): contexts a helper makes with
 * `browser.newContext()` report into it through `watchExtraContext`.
 */
let current: string[] | null = null;

/** Watches a context a test or helper made itself, into the running test's list. */
export async function watchExtraContext(context: BrowserContext): Promise<void> {
  if (current) await watchContextCsp(context, current);
}

/**
 * Collects one page's violations; the spec asserts the list is empty. (Every test's own context
 * is watched anyway by `test` below; this stays for specs that assert at a point of their own.)
 */
export function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  void page.addInitScript(reportViolations, MARK);
  page.on('console', (message) => {
    if (isViolation(message.text())) violations.push(message.text());
  });
  return violations;
}

/**
 * Playwright's `test` with one automatic fixture: every page of the test's context is watched,
 * and the test fails after its body if any page saw a violation. Specs import `test` (and
 * everything else) from `support/test.ts`.
 */
export const test = base.extend<{ cspGuard: undefined }>({
  cspGuard: [
    async ({ context }, use) => {
      const violations: string[] = [];
      current = violations;
      await watchContextCsp(context, violations);
      await use(undefined);
      current = null;
      expect(violations, 'Content-Security-Policy violations on the pages this test opened').toEqual([]);
    },
    { auto: true },
  ],
});
