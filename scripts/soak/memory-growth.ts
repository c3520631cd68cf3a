// How much a process's memory grew over a run, from readings taken every few seconds. A heap's
// sawtooth moves one reading by ±15 %, and the hours so far held dips and plateaus of a few minutes
// that no leak makes (d45744b's gateway: 116 MB for three minutes, then flat at 144 MB for fifty;
// cce987a's notifications: 122–131 MB for ten minutes in the middle, 97–106 MB before and after).

/** A reading: `x` from 0 at the first to 1 at the last, `y` the memory. */
export interface Point {
  x: number;
  y: number;
}

/** The middle value (the mean of the two middle ones for an even count); undefined for none. */
export function median(values: number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The rise of a least-squares line through the points, from x = 0 to 1, as a share of its start.
 * Every reading pulls on it: a plateau late in the run tilts it as much as a steady climb would.
 */
export function fittedGrowth(points: Point[]): number {
  if (points.length < 2) return 0;
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const [mx, my] = [mean(points.map((p) => p.x)), mean(points.map((p) => p.y))];
  const spread = points.reduce((sum, p) => sum + (p.x - mx) ** 2, 0);
  const slope = points.reduce((sum, p) => sum + (p.x - mx) * (p.y - my), 0) / spread;
  const start = my - slope * mx;
  return start > 0 ? slope / start : 0;
}

/**
 * The rise of Tukey's resistant line through the points, from x = 0 to 1, as a share of its start.
 * The readings are split into thirds by time; the slope runs from the medians of the first third to
 * those of the last, and the line passes through the three thirds' medians on average. A leak's
 * climb shows in full; a dip or plateau shorter than half a third moves no median.
 */
export function resistantGrowth(points: Point[]): number {
  if (points.length < 3) return fittedGrowth(points);
  const sorted = [...points].sort((a, b) => a.x - b.x);
  const third = Math.floor(sorted.length / 3);
  const groups = [sorted.slice(0, third), sorted.slice(third, sorted.length - third), sorted.slice(-third)];
  const [left, middle, right] = groups.map((group) => ({
    x: median(group.map((p) => p.x))!,
    y: median(group.map((p) => p.y))!,
  })) as [Point, Point, Point];
  if (right.x === left.x) return 0;
  const slope = (right.y - left.y) / (right.x - left.x);
  const start = [left, middle, right].reduce((sum, p) => sum + p.y - slope * p.x, 0) / 3;
  return start > 0 ? slope / start : 0;
}
