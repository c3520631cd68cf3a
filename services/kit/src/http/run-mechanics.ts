import type { IncomingMessage, ServerResponse } from 'node:http';

export type Next = (err?: unknown) => void;
export type Mechanic = (req: IncomingMessage, res: ServerResponse, next: Next) => unknown;

/**
 * Runs the shared per-request handlers in order, as Express would: each goes on by calling `next`,
 * now or later (an async handler is awaited, and its rejection is its error), and one that answers
 * without calling it ends the request there. `done` hears the first error, or nothing once all passed.
 * When every handler calls `next` at once, as today's do, this runs synchronously.
 */
export function runMechanics(
  mechanics: Mechanic[],
  req: IncomingMessage,
  res: ServerResponse,
  done: Next,
): void {
  const step = (index: number, err?: unknown): void => {
    if (err !== undefined || index === mechanics.length) {
      done(err);
      return;
    }
    let settled = false;
    const next: Next = (stepErr) => {
      if (settled) return;
      settled = true;
      step(index + 1, stepErr);
    };
    try {
      const result = mechanics[index]?.(req, res, next);
      if (result instanceof Promise)
        result.catch((rejection: unknown) => next(rejection ?? new Error('rejected')));
    } catch (thrown) {
      next(thrown);
    }
  };
  step(0);
}
