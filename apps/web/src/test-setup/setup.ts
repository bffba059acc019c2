// Vitest setup for the web's component tests (project 'web', jsdom): jest-dom matchers, a
// clean DOM, storage and fetch stub between tests.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { setConnectionStatus } from '../lib/connectionStatus.ts';
import { marketClock } from '../lib/marketClockStore.ts';
import { dispatchFetch, resetFakeApi } from './fakeApi.ts';

globalThis.fetch = dispatchFetch;

// findBy/waitFor give up after 5 s rather than 1 s: on a busy two-core machine a lazy chunk or
// a chain of fake answers can take longer. Nothing waits that long when the code is right.
configure({ asyncUtilTimeout: 5000 });

// jsdom lays nothing out, so it has no ResizeObserver; widgets that measure themselves get one
// that never reports (their size stays 'not measured yet', which they handle).
class NoLayoutResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= NoLayoutResizeObserver;

// Nor media queries: every query is false, as on a wide desktop window (tests of the narrow
// form stub matchMedia themselves).
window.matchMedia ??= (query: string): MediaQueryList => ({
  matches: false,
  media: query,
  onchange: null,
  addEventListener: () => {},
  removeEventListener: () => {},
  addListener: () => {},
  removeListener: () => {},
  dispatchEvent: () => false,
});

// Nor modal dialogs: showModal and close toggle `open` as the browser does (focus trapping and
// the inert page behind are the browser's, covered by the e2e suite).
HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
  this.open = false;
  this.dispatchEvent(new Event('close'));
};

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  resetFakeApi();
  // The market clock is the tab's, as the settings store: each test starts without one.
  marketClock.reset();
  setConnectionStatus('connecting');
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
