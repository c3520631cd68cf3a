/** Turns one pino JSON line into a short human line for the terminal; other text passes through. */
const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};

export function prettyLine(line: string): string {
  if (!line.startsWith('{')) return line;
  try {
    const entry = JSON.parse(line) as Record<string, unknown>;
    const time = typeof entry.time === 'string' ? entry.time.slice(11, 19) : '';
    const level = LEVELS[entry.level as number] ?? String(entry.level);
    const err = (entry.err ?? entry.error) as { message?: string } | string | undefined;
    const error = err ? ` — ${typeof err === 'string' ? err : (err.message ?? '')}` : '';
    return `${time} ${level} ${String(entry.msg ?? '')}${error}`;
  } catch {
    return line;
  }
}
