import { installKafkajsIdleTimerFix, scheduleCheckPendingRequests } from './kafkajs-idle-timer';

// A request queue as kafkajs keeps one, with the scheduling under test.
function queue(pending: number, throttledUntil = -1) {
  return {
    pending: Array.from({ length: pending }, () => ({})),
    throttledUntil,
    throttleCheckTimeoutId: null as ReturnType<typeof setTimeout> | null,
    checks: 0,
    checkPendingRequests() {
      this.checks += 1;
    },
    scheduleCheckPendingRequests,
  };
}

describe("kafkajs's request queue, fixed", () => {
  afterEach(() => jest.useRealTimers());

  it('arms no timer while nothing is pending and nothing is throttled (kafkajs re-armed one every millisecond)', () => {
    jest.useFakeTimers();
    const idle = queue(0);
    idle.scheduleCheckPendingRequests();
    expect(idle.throttleCheckTimeoutId).toBeNull();
    jest.advanceTimersByTime(1000);
    expect(idle.checks).toBe(0);
  });

  it('still checks a queue that holds requests, and a throttled one when the throttle ends', () => {
    jest.useFakeTimers();
    const waiting = queue(2);
    waiting.scheduleCheckPendingRequests();
    jest.advanceTimersByTime(10);
    expect(waiting.checks).toBe(1);

    const throttled = queue(0, Date.now() + 500);
    throttled.scheduleCheckPendingRequests();
    jest.advanceTimersByTime(499);
    expect(throttled.checks).toBe(0);
    jest.advanceTimersByTime(1);
    expect(throttled.checks).toBe(1);
  });

  it("is what kafkajs's RequestQueue runs once installed", () => {
    installKafkajsIdleTimerFix();
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const RequestQueue = require('kafkajs/src/network/requestQueue') as {
      prototype: { scheduleCheckPendingRequests: unknown };
    };
    expect(RequestQueue.prototype.scheduleCheckPendingRequests).toBe(scheduleCheckPendingRequests);
  });
});
