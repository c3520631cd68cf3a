import type { NextFunction, Request, Response } from 'express';
import { z } from 'zod';
import type { ErrorDetail } from '@podz/proto';
import { AppError, unauthenticated } from '../errors/app-error';
import type { AuthUser } from '../auth/auth-user';
import type { DirectHandler, DirectRequest } from './direct-request';

export function zodDetails(error: z.ZodError): ErrorDetail[] {
  return error.issues.map((issue) => ({ path: issue.path.join('.') || '(root)', message: issue.message }));
}

export interface InputSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  /** `'own'`: the handler reads the body itself (an upload streamed, raw text) and checks it. */
  body?: z.ZodType | 'own';
}

type Parsed<S extends InputSchemas, K extends keyof InputSchemas> = S[K] extends z.ZodType
  ? z.infer<S[K]>
  : undefined;

export interface RouteInput<S extends InputSchemas> {
  params: Parsed<S, 'params'>;
  query: Parsed<S, 'query'>;
  body: Parsed<S, 'body'>;
  /** The signed-in caller, when `authenticate` found one. */
  user: AuthUser | undefined;
}

/** The input of a route only signed-in callers reach: the caller is there. */
export type SignedInInput<S extends InputSchemas> = Omit<RouteInput<S>, 'user'> & { user: AuthUser };

type Handler<I> = (input: I, req: Request, res: Response) => Promise<unknown> | unknown;

function parsePart(part: string, schema: z.ZodType | undefined, value: unknown): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details = zodDetails(result.error).map((detail) => ({
    ...detail,
    path: detail.path === '(root)' ? part : `${part}.${detail.path}`,
  }));
  const idProblem = details.find((detail) => detail.message.includes('24-character hexadecimal'));
  if (idProblem) throw new AppError('INVALID_ID', idProblem.message, details);
  throw new AppError('VALIDATION_FAILED', `Invalid ${part}: ${details[0]?.message ?? 'bad value'}`, details);
}

/**
 * A route that takes a body refuses one no parser read (415): text, XML or a multipart form
 * would otherwise reach the schema as an empty object and pass as an empty update. JSON is read
 * everywhere; NextAuth's form posts where identity reads forms. A request with no body and no type
 * (a bare POST) is left to the schema.
 */
function requireReadableBody(req: InputSource): void {
  const sent =
    req.headers['content-type'] !== undefined ||
    Number(req.headers['content-length'] ?? 0) > 0 ||
    req.headers['transfer-encoding'] !== undefined;
  if (sent && req.body === undefined) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as JSON (Content-Type: application/json)');
  }
}

/**
 * A write that takes no body (a delete, a toggle, a restore) refuses one that holds anything: the
 * caller meant something by it that the route would silently ignore. An empty JSON object passes,
 * since some clients always send one.
 */
function refuseUnexpectedBody(req: InputSource): void {
  const body: unknown = req.body;
  const empty =
    body === undefined
      ? Number(req.headers['content-length'] ?? 0) === 0 && req.headers['transfer-encoding'] === undefined
      : typeof body === 'object' && body !== null && !Array.isArray(body) && Object.keys(body).length === 0;
  if (!empty) throw new AppError('VALIDATION_FAILED', 'This call takes no body');
}

/** What input is read from: Express's request, or a direct route's (direct-routes.ts). */
export type InputSource = Pick<DirectRequest, 'headers' | 'method' | 'params' | 'query' | 'user'> & {
  body?: unknown;
};

/** The request's params, query and body as the schemas accept them, or a 400 thrown. */
export function parseInput<S extends InputSchemas>(schemas: S, req: InputSource): RouteInput<S> {
  const body = schemas.body === 'own' ? undefined : schemas.body;
  if (body) requireReadableBody(req);
  else if (schemas.body !== 'own' && req.method !== 'GET' && req.method !== 'HEAD') refuseUnexpectedBody(req);
  return {
    params: parsePart('params', schemas.params, req.params),
    query: parsePart('query', schemas.query, req.query),
    body: body ? parsePart('body', body, req.body ?? {}) : undefined,
    user: req.user,
  } as RouteInput<S>;
}

/**
 * A route handler whose params, query and body are parsed with the proto schemas before it runs.
 * The handler only ever sees values its schemas accepted; a rejection is a 400 in the API shape.
 */
export function handle<S extends InputSchemas>(schemas: S, handler: Handler<RouteInput<S>>) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    try {
      const result = await handler(parseInput(schemas, req), req, res);
      if (res.headersSent) return;
      if (result === undefined) res.status(204).end();
      else res.json(result);
    } catch (err) {
      next(err);
    }
  };
}

/** The caller of a route behind `requireAuth` or `requireAccess`; a 401 should one arrive without. */
export function signedInUser(req: Request): AuthUser {
  if (!req.user) throw unauthenticated();
  return req.user;
}

/**
 * {@link handle} for a route behind `requireAuth` or `requireAccess`: the handler is given the
 * caller as an `AuthUser`, never undefined, so no use case has to assert that the caller is there.
 */
export function handleSignedIn<S extends InputSchemas>(schemas: S, handler: Handler<SignedInInput<S>>) {
  return handle(schemas, (input, req, res) => handler({ ...input, user: signedInUser(req) }, req, res));
}

/**
 * {@link handleSignedIn} for a route of the direct lane (direct-routes.ts): the same parsing, the
 * same 401 without a caller, the same errors, and the answer written on Node's own response as
 * Express's `res.json` writes it (a 204 for nothing).
 */
export function handleSignedInDirect<S extends InputSchemas>(
  schemas: S,
  handler: (input: SignedInInput<S>) => Promise<unknown>,
): DirectHandler {
  return async (req, res, next) => {
    try {
      if (!req.user) throw unauthenticated();
      const result = await handler({ ...parseInput(schemas, req), user: req.user });
      if (res.headersSent) return;
      if (result === undefined) {
        res.statusCode = 204;
        res.end();
        return;
      }
      const body = JSON.stringify(result);
      res.setHeader('content-type', 'application/json; charset=utf-8');
      res.setHeader('content-length', Buffer.byteLength(body));
      res.end(body);
    } catch (err) {
      next(err);
    }
  };
}
