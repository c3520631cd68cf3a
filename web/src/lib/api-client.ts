import { GENERIC_ERROR_MESSAGE } from '@podz/proto';

/** A non-OK answer: the body's `error` (or the generic message), its status and machine code. */
export class ApiFailure extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
    readonly details: { path: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'ApiFailure';
  }
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as an HTML form (the NextAuth-shaped session calls take forms). */
  form?: Record<string, string>;
  /** Sent as it is, with its type (a transcript written in the browser). */
  text?: { body: string; type: string };
  /** Sent as multipart, in the field `file` (small files; `lib/upload` reports progress). */
  file?: File;
  /** Makes a repeat of this request harmless: the service answers it with the first answer. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

function contentType(request: ApiRequest): Record<string, string> {
  if (request.form) return { 'content-type': 'application/x-www-form-urlencoded' };
  if (request.text) return { 'content-type': request.text.type };
  // The browser writes a multipart type itself, with its boundary.
  if (request.file) return {};
  return request.body === undefined ? {} : { 'content-type': 'application/json' };
}

function requestBody(request: ApiRequest): BodyInit | undefined {
  if (request.form) return new URLSearchParams(request.form);
  if (request.text) return request.text.body;
  if (request.file) {
    const form = new FormData();
    form.append('file', request.file);
    return form;
  }
  return request.body === undefined ? undefined : JSON.stringify(request.body);
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The one way the app calls its API (spec §7): JSON in and out, the session cookie along, 204 as
 * no content, and any non-OK answer thrown as an `ApiFailure` carrying the body's `error`, or
 * "Something went wrong" when there is none.
 */
export async function apiFetch<T>(path: string, request: ApiRequest = {}, base = ''): Promise<T> {
  const res = await fetch(base + path, {
    method: request.method ?? 'GET',
    credentials: 'same-origin',
    headers: {
      accept: 'application/json',
      ...contentType(request),
      ...(request.idempotencyKey ? { 'idempotency-key': request.idempotencyKey } : {}),
    },
    body: requestBody(request),
    signal: request.signal,
  });
  if (res.status === 204) return undefined as T;
  const body = await readJson(res);
  if (!res.ok) throw failureFrom(res.status, body);
  return body as T;
}

/** The failure a non-OK answer stands for; shared with uploads, which go through XHR for progress. */
export function failureFrom(status: number, answer: unknown): ApiFailure {
  const body = answer as { error?: unknown; code?: unknown; details?: unknown } | undefined;
  const message = typeof body?.error === 'string' && body.error ? body.error : GENERIC_ERROR_MESSAGE;
  const details = Array.isArray(body?.details) ? (body.details as { path: string; message: string }[]) : [];
  return new ApiFailure(message, status, typeof body?.code === 'string' ? body.code : undefined, details);
}

/** What to tell the user about any error: the API's message, or the generic one. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiFailure ? error.message : GENERIC_ERROR_MESSAGE;
}
