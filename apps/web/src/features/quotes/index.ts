// The quotes feature's public surface: the Quote widget (lazy), its shortcut and its test fixture.
export const loadQuoteWidget = () => import('./QuoteWidget.tsx');
export { quoteFixture } from './quoteFixtures.ts';
export { useQuoteShortcut } from './useQuoteShortcut.ts';
