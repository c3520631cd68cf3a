import type { IncomingMessage, ServerResponse } from 'node:http';
import { runMechanics, type Mechanic } from './run-mechanics';

const req = {} as IncomingMessage;
const res = {} as ServerResponse;

function outcome(mechanics: Mechanic[]): Promise<{ err: unknown; ran: string[] }> {
  const ran: string[] = [];
  const named = mechanics.map((mechanic, i): Mechanic => (rq, rs, next) => {
    ran.push(String(i));
    return mechanic(rq, rs, next);
  });
  return new Promise((resolve) => runMechanics(named, req, res, (err) => resolve({ err, ran })));
}

describe('runMechanics', () => {
  it('goes through handlers that call next at once, and synchronously', () => {
    let done = false;
    runMechanics([(_q, _s, next) => next(), (_q, _s, next) => next()], req, res, () => (done = true));
    expect(done).toBe(true);
  });

  it('waits for an async handler and goes on after it', async () => {
    const slow: Mechanic = async (_q, _s, next) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      next();
    };
    expect(await outcome([slow, (_q, _s, next) => next()])).toEqual({ err: undefined, ran: ['0', '1'] });
  });

  it('stops at the first error, passed, thrown or rejected', async () => {
    const boom = new Error('boom');
    const after: Mechanic = (_q, _s, next) => next();
    expect(await outcome([(_q, _s, next) => next(boom), after])).toEqual({ err: boom, ran: ['0'] });
    expect(
      await outcome([
        () => {
          throw boom;
        },
        after,
      ]),
    ).toEqual({ err: boom, ran: ['0'] });
    expect(await outcome([async () => Promise.reject(boom), after])).toEqual({ err: boom, ran: ['0'] });
  });

  it('ends with a handler that answers without going on, and hears a double next once', async () => {
    let done = 0;
    runMechanics([() => undefined], req, res, () => (done += 1));
    runMechanics(
      [
        (_q, _s, next) => {
          next();
          next();
        },
      ],
      req,
      res,
      () => (done += 1),
    );
    expect(done).toBe(1);
  });
});
