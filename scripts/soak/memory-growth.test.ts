import { fittedGrowth, resistantGrowth, type Point } from './memory-growth';

// Readings every 30 s from the end of the warm-up (minute 5) to the end of an hour, as the soak takes them.
const readings = (memoryAt: (minute: number) => number): Point[] =>
  Array.from({ length: 111 }, (_, n) => ({ x: n / 110, y: memoryAt(5 + n / 2) }));
// A heap's sawtooth: ±8 MB, a period of three readings.
const sawtooth = (minute: number) => [0, 8, -8][Math.round(minute * 2) % 3]!;

describe("a run's memory growth, on Tukey's resistant line", () => {
  it('shows a steady leak in full, as the fitted line does', () => {
    const leak = readings((minute) => 100 + (minute - 5) * (20 / 55) + sawtooth(minute));
    expect(resistantGrowth(leak)).toBeGreaterThan(0.17);
    expect(resistantGrowth(leak)).toBeLessThan(0.23);
    expect(fittedGrowth(leak)).toBeGreaterThan(0.17);
  });

  it("does not count a ten-minute plateau in the run's middle as growth", () => {
    // cce987a's notifications, in shape: 100 MB, 126 MB from minute 35 to 45, then 102 MB.
    const plateau = readings((minute) => (minute < 35 ? 100 : minute < 45 ? 126 : 102) + sawtooth(minute));
    expect(fittedGrowth(plateau)).toBeGreaterThan(0.05);
    // Only the 2 % it ends above where it began.
    expect(resistantGrowth(plateau)).toBeGreaterThan(0.01);
    expect(resistantGrowth(plateau)).toBeLessThan(0.04);
  });

  it('counts a plateau over most of the last third as growth: it cannot tell one from a rise', () => {
    const late = readings((minute) => (minute >= 43 && minute < 53 ? 126 : 100) + sawtooth(minute));
    expect(resistantGrowth(late)).toBeGreaterThan(0.1);
  });

  it('does not count a dip at the start as growth', () => {
    // d45744b's gateway, in shape: 116 MB from minute 7 to 10, flat at 144 MB otherwise.
    const dip = readings((minute) => (minute >= 7 && minute < 10 ? 116 : 144) + sawtooth(minute));
    expect(Math.abs(resistantGrowth(dip))).toBeLessThan(0.03);
  });

  it('sees memory given back as negative growth', () => {
    const shrinking = readings((minute) => 130 - (minute - 5) * (20 / 55));
    expect(resistantGrowth(shrinking)).toBeLessThan(-0.1);
  });
});
