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
  signal?: AbortSignal;
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
    headers:
      request.body === undefined
        ? { accept: 'application/json' }
        : { 'content-type': 'application/json', accept: 'application/json' },
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    signal: request.signal,
  });
  if (res.status === 204) return undefined as T;
  const body = (await readJson(res)) as { error?: unknown; code?: unknown; details?: unknown } | undefined;
  if (!res.ok) {
    const message = typeof body?.error === 'string' && body.error ? body.error : GENERIC_ERROR_MESSAGE;
    const details = Array.isArray(body?.details) ? (body.details as { path: string; message: string }[]) : [];
    throw new ApiFailure(
      message,
      res.status,
      typeof body?.code === 'string' ? body.code : undefined,
      details,
    );
  }
  return body as T;
}
