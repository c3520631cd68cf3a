import { atLeast, atMost, rows, table, type Figure } from './bench-kit';

// The bench's verdicts: a goal with a reference is judged on the ratio, one without on the figure
// itself, one whose reference the run did not measure not at all; over several runs, on the median.

const floor = (value: number): Figure => ({ name: 'floor', value, unit: 'ms', key: 'public-GET floor' });
const view = (value: number): Figure => ({
  name: 'CPU per view',
  value,
  unit: 'ms',
  versus: 'public-GET floor',
  goal: atMost(2),
});

describe('the bench table', () => {
  it('judges a figure against its reference from the same run, not against its own value', () => {
    // 1.8 ms is over an absolute 1.5 ms goal, but under two floors of 1 ms.
    const [, judged] = rows([[floor(1), view(1.8)]]);
    expect(judged).toMatchObject({ value: 1.8, ratio: 1.8, met: true, reference: { value: 1 } });
    const [, slow] = rows([[floor(0.5), view(1.8)]]);
    expect(slow).toMatchObject({ ratio: 3.6, met: false });
  });

  it('leaves a goal unjudged when the reference was not measured', () => {
    const [judged] = rows([[view(1.8)]]);
    expect(judged).toMatchObject({ ratio: undefined, met: undefined, missing: 'public-GET floor' });
    expect(table([[view(1.8)]])).toContain('not judged');
  });

  it('judges a figure that is already a ratio, or a size, on its own value', () => {
    const [judged] = rows([[{ name: 'on ÷ off', value: 0.85, unit: '×', goal: atLeast(0.9) }]]);
    expect(judged).toMatchObject({ met: false, ratio: undefined });
  });

  it('takes the median of several runs, and their spread', () => {
    const runs = [
      [floor(1), view(1.5)],
      [floor(1), view(2.5)],
      [floor(1), view(1.9)],
    ];
    const [, judged] = rows(runs);
    expect(judged).toMatchObject({ ratio: 1.9, met: true });
    expect(judged!.spread).toBeCloseTo(1 / 1.9);
    expect(table(runs)).toContain('median of 3');
  });
});
