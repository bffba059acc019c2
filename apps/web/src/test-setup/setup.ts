// Vitest setup for the web's component tests (project 'web', jsdom): jest-dom matchers, a
// clean DOM, storage and fetch stub between tests.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { dispatchFetch, resetFakeApi } from './fakeApi.ts';

globalThis.fetch = dispatchFetch;

// jsdom lays nothing out, so it has no ResizeObserver; widgets that measure themselves get one
// that never reports (their size stays 'not measured yet', which they handle).
class NoLayoutResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= NoLayoutResizeObserver;

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  resetFakeApi();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
