import { Redis } from 'ioredis';
import {
  ListenerSalts,
  prepareListens,
  UnplacedListens,
  type Heard,
  type ListenPreparation,
} from '../src/listens';
import { createLogger } from '../src/logging/logger';
import { testInfra, uniqueName } from '../src/testing';
import { waitFor } from './helpers';

// Requests of a file no episode is known to use yet wait aside, so the batch they came in (and
// every other listen) goes on; they come back once the file is placed, or are dropped.

const logger = createLogger('unplaced-listens-test', process.env.TEST_LOG_LEVEL ?? 'silent');
const redis = new Redis(testInfra().redisUrl);

afterAll(() => redis.quit());

function heard(file: string, ua = 'App/1.0'): Heard {
  return {
    at: Date.now(),
    peer: '127.0.0.1',
    forwardedFor: '81.2.69.160',
    ua,
    referrer: null,
    range: null,
    method: 'GET',
    status: 200,
    start: 0,
    sent: 100,
    target: { kind: 'audio', file },
    premium: false,
  };
}

/** A promise the test settles. */
function answer() {
  let settle: (placed: boolean) => void = () => {};
  const promise = new Promise<boolean>((resolve) => (settle = resolve));
  return { promise, settle };
}

describe('listens waiting for their file to be placed', () => {
  it('asks once per file, sends its requests back when placed and drops them when not', async () => {
    const asked: string[] = [];
    const answers = new Map([
      ['new.mp3', answer()],
      ['stray.mp3', answer()],
    ]);
    const again: Heard[] = [];
    const unplaced = new UnplacedListens({
      placed: (target) => {
        const file = target.kind === 'audio' ? target.file : target.uId;
        asked.push(file);
        return answers.get(file)!.promise;
      },
      again: (back) => again.push(back),
      logger,
    });
    for (const ua of ['A/1', 'B/1', 'C/1']) unplaced.hold(heard('new.mp3', ua));
    unplaced.hold(heard('stray.mp3'));
    expect(asked).toEqual(['new.mp3', 'stray.mp3']);
    expect(unplaced.held).toBe(4);

    answers.get('stray.mp3')!.settle(false);
    answers.get('new.mp3')!.settle(true);
    await waitFor(() => unplaced.held === 0, 'the waits to settle');
    expect(again.map((back) => back.ua)).toEqual(['A/1', 'B/1', 'C/1']);
  });

  it('holds at most its limit and counts the rest dropped', () => {
    const unplaced = new UnplacedListens({
      placed: () => new Promise<boolean>(() => {}),
      again: () => {},
      logger,
      limit: 2,
    });
    for (let n = 0; n < 5; n++) unplaced.hold(heard(`f${n}.mp3`));
    expect({ held: unplaced.held, dropped: unplaced.dropped }).toEqual({ held: 2, dropped: 3 });
  });

  it('sends a batch without the requests it could not place, and holds each of them once', async () => {
    const held: Heard[] = [];
    const preparation: ListenPreparation = {
      salts: new ListenerSalts(redis, uniqueName('test:salt')),
      countries: null,
      whereOf: async (target) =>
        target.kind === 'audio' && target.file === 'known.mp3'
          ? {
              kind: 'audio',
              show: 's',
              episode: 'e',
              published: 0,
              file: { bytes: 100, offset: 0, seconds: 1 },
            }
          : null,
      unplaced: { hold: (back) => held.push(back) },
    };
    const records = await prepareListens(preparation, [heard('known.mp3'), heard('new.mp3')]);
    expect(records.map((record) => record.episode)).toEqual(['e']);
    expect(held.map((back) => back.target)).toEqual([{ kind: 'audio', file: 'new.mp3' }]);
    // Back from waiting and still nowhere: not held again, so nothing goes round for ever.
    await prepareListens(preparation, held.splice(0));
    expect(held).toEqual([]);
  });
});
