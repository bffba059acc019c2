import { API_TIMEOUT_MS, apiErrorSchema, type CallFailure } from '@tapeline/core';
import type { z } from 'zod';

/** Thrown by every API call so screens can hand `failure` to core's `messageFor`. */
export class CallError extends Error {
  readonly failure: CallFailure;
  /** The error body's `message`, e.g. a card provider's own wording of a decline. */
  readonly detail: string | undefined;
  constructor(failure: CallFailure, detail?: string) {
    super(failure.kind === 'api' ? `API ${failure.status} ${failure.code}` : `API ${failure.kind} failure`);
    this.name = 'CallError';
    this.failure = failure;
    this.detail = detail;
  }
}

export function failureOf(error: unknown): CallFailure {
  return error instanceof CallError ? error.failure : { kind: 'unknown' };
}

/** The `message` the API sent with an error, if any. */
export function detailOf(error: unknown): string | undefined {
  return error instanceof CallError ? error.detail : undefined;
}

export interface ApiClientOptions {
  /** '' in the browser (same origin); an absolute origin in tests. */
  baseUrl: string;
  getToken: () => string | null;
  /** Called when a request that carried a token is answered 401 (spec §4). */
  onUnauthorized: () => void;
  timeoutMs?: number;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiClient {
  request<S extends z.ZodType>(method: Method, path: string, schema: S, body?: unknown): Promise<z.infer<S>>;
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function errorDetail(text: string): string | undefined {
  const body = apiErrorSchema.safeParse(parseJson(text));
  return body.success ? body.data.message : undefined;
}

/** The failure of a non-2xx answer: our API's JSON error, or a bare page (see below). */
export function errorFailure(status: number, text: string): CallFailure {
  const body = apiErrorSchema.safeParse(parseJson(text));
  if (body.success) return { kind: 'api', status, code: body.data.error };
  // Our API words every error in JSON; a bare 5xx page comes from a proxy or gateway in front of
  // a server that is down, which to the user is the service not being there.
  if (status >= 500) return { kind: 'network' };
  return { kind: 'api', status, code: '' };
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const timeoutMs = options.timeoutMs ?? API_TIMEOUT_MS;

  async function request<S extends z.ZodType>(
    method: Method,
    path: string,
    schema: S,
    body?: unknown,
  ): Promise<z.infer<S>> {
    const token = options.getToken();
    const headers: Record<string, string> = { Accept: 'application/json' };
    // FormData goes as multipart; the browser writes its Content-Type with the boundary.
    const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
    if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;

    const controller = new AbortController();
    // The timeout covers reading the body too, not just the headers.
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let status: number;
    let text: string;
    try {
      const response = await fetch(`${options.baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
        signal: controller.signal,
      });
      status = response.status;
      text = await response.text();
    } catch {
      throw new CallError({ kind: 'network' });
    } finally {
      clearTimeout(timer);
    }

    if (status < 200 || status >= 300) {
      if (status === 401 && token) options.onUnauthorized();
      throw new CallError(errorFailure(status, text), errorDetail(text));
    }
    const parsed = schema.safeParse(parseJson(text));
    if (!parsed.success) throw new CallError({ kind: 'unknown' });
    return parsed.data;
  }

  return { request };
}
