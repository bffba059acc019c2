import { vi } from 'vitest';
import type { z } from 'zod';

/** One recorded request the component made. */
export interface SeenRequest {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}

type Reply = { status: number; body: unknown };
/** An answer, or a function of the request giving one (a promise of one: a slow server). */
type Answer = Reply | ((request: SeenRequest) => Reply | Promise<Reply>);

/**
 * The network is faked at fetch only: everything above it (the API client, TanStack Query, the
 * component) is the real code. Each answer is checked against core's schema for that route, so a
 * fixture that the real server could not send fails the test instead of passing it.
 */
export function ok<S extends z.ZodType>(schema: S, body: z.input<S>): { status: number; body: unknown } {
  return { status: 200, body: schema.parse(body) };
}

/** An API error as the server words it: `{ error, message? }`. */
export function fail(status: number, error: string, message?: string): { status: number; body: unknown } {
  return { status, body: message === undefined ? { error } : { error, message } };
}

export interface FakeApi {
  /** Answer `METHOD /path` (query string ignored) — replaces an earlier answer for the route. */
  on(route: string, answer: Answer): FakeApi;
  /** Requests seen so far, in order. */
  readonly requests: SeenRequest[];
  /** Requests to one route. */
  calls(route: string): SeenRequest[];
}

function bodyOf(init: RequestInit | undefined): unknown {
  if (typeof init?.body !== 'string') return init?.body ?? undefined;
  try {
    return JSON.parse(init.body);
  } catch {
    return init.body;
  }
}

type Fetch = typeof fetch;

const noNetwork: Fetch = async (input) => {
  throw new TypeError(`no fakeApi() in this test answers ${String(input)}`);
};
let active: Fetch = noNetwork;

/**
 * What setup.ts installs as the global fetch, once, before any module loads: modules that keep
 * a reference to fetch (the data-host client does) reach the current test's fake through it.
 */
export const dispatchFetch: Fetch = (input, init) => active(input, init);

/** Between tests: no answers, so a request a test forgot to fake fails loudly. */
export function resetFakeApi(): void {
  active = noNetwork;
}

/** Fakes the network for this test; a request with no answer is a 404 `not_found`, and is recorded. */
export function fakeApi(): FakeApi {
  const answers = new Map<string, Answer>();
  const requests: SeenRequest[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = new Headers(init?.headers);
    const seen: SeenRequest = {
      method,
      path: url.pathname,
      body: bodyOf(init),
      authorization: headers.get('Authorization'),
    };
    requests.push(seen);
    const answer = answers.get(`${method} ${url.pathname}`) ?? fail(404, 'not_found');
    const { status, body } = typeof answer === 'function' ? await answer(seen) : answer;
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  active = fetchStub;
  const api: FakeApi = {
    on(route, answer) {
      answers.set(route, answer);
      return api;
    },
    requests,
    calls: (route) => requests.filter((r) => `${r.method} ${r.path}` === route),
  };
  return api;
}

/** The data host's own sign-in (POST /api/auth/ds/login), which every /data call needs first. */
export function withDataHost(api: FakeApi): FakeApi {
  return api.on('POST /api/auth/ds/login', { status: 200, body: { success: true, token: 'data-token' } });
}

/** A GET answered from its whole URL, query included (fakeApi matches paths only): paged lists. */
export interface QueryRoute {
  /** Every matching request, as its URL. */
  asked: URL[];
  /** The answer to the next matching requests. */
  answer(next: (url: URL) => { status: number; body: unknown }): void;
}

/** Answers requests whose path `matches` from `first` (then `answer`'s); the rest go to fakeApi. */
export function queryRoute(
  matches: (path: string) => boolean,
  first: (url: URL) => { status: number; body: unknown },
): QueryRoute {
  const asked: URL[] = [];
  let answer = first;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (!matches(url.pathname)) return dispatchFetch(input, init);
    asked.push(url);
    const { status, body } = answer(url);
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return {
    asked,
    answer: (next) => {
      answer = next;
    },
  };
}

/** The query of a request, as the server would read it. */
export const paramsOf = (url: URL | undefined) => Object.fromEntries(url?.searchParams ?? []);
