import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthUser } from '../auth/auth-user';

/** Node's request with what Express would have added for a route's handler. Express's own fits it. */
export interface DirectRequest extends IncomingMessage {
  // As Express types them (a wildcard's parameter is a list); a direct route's are strings.
  params: Record<string, string | string[]>;
  query: Record<string, unknown>;
  path: string;
  baseUrl: string;
  route?: { path: string };
  user?: AuthUser;
  /** A write's JSON body, once read (kit's `jsonBodies`). */
  body?: unknown;
}

/** Node's response with Express's `locals`, where a route's handlers leave things for the next. */
export interface DirectResponse extends ServerResponse {
  locals: Record<string, unknown>;
}

export type DirectHandler = (
  req: DirectRequest,
  res: DirectResponse,
  next: (err?: unknown) => void,
) => void | Promise<void>;
