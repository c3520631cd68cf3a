const BEGAN = performance.now();

/** Minutes and seconds since the script began: each stage says when it starts, so their lengths show. */
export function sinceBegan(): string {
  const total = Math.round((performance.now() - BEGAN) / 1000);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}
