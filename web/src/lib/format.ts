/** 3725 → "1:02:05", 65 → "1:05". */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds || 0));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

const dateFormat = new Intl.DateTimeFormat('en', { year: 'numeric', month: 'short', day: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit' });

export function formatDate(iso: string | null | undefined): string {
  return iso ? dateFormat.format(new Date(iso)) : '';
}

const dateTimeFormat = new Intl.DateTimeFormat('en', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** A moment in the reader's own time zone, named: "Nov 26, 2026, 2:00 PM GMT+1". */
export function formatDateTime(iso: string | null | undefined): string {
  return iso ? dateTimeFormat.format(new Date(iso)) : '';
}

/** An ISO moment as a `datetime-local` input shows it (the browser's time zone), to the minute. */
export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** Today's messages by their time, older ones by their date. */
export function formatMessageTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return date.toDateString() === new Date().toDateString()
    ? timeFormat.format(date)
    : dateFormat.format(date);
}

/** 9.99 and "USD" → "$9.99". */
export function formatMoney(amount: number | string, currency: string): string {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).format(Number(amount));
}

/** "pending" → "Pending". */
export function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** A copy of `items` with the entries at `from` and `to` changed places (both must be in range). */
export function swapped<T>(items: readonly T[], from: number, to: number): T[] {
  const copy = [...items];
  const [a, b] = [items[from], items[to]];
  if (a === undefined || b === undefined) return copy;
  copy[from] = b;
  copy[to] = a;
  return copy;
}

/** A start time as people type it: `m:ss` or `h:mm:ss`, with tenths when there are any. */
export function formatClock(totalSeconds: number): string {
  const whole = Math.floor(totalSeconds);
  const tenths = Math.round((totalSeconds - whole) * 10);
  const base = formatDuration(tenths === 10 ? whole + 1 : whole);
  return tenths > 0 && tenths < 10 ? `${base}.${tenths}` : base;
}

/** `90`, `1:30`, `1:02:03` or `1:30.5` as seconds; undefined for anything else. */
export function parseClock(text: string): number | undefined {
  const match = /^\s*(?:(?:(\d+):)?(\d{1,2}):)?(\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!match) return undefined;
  const [, hours, minutes, seconds] = match;
  if ((hours !== undefined || minutes !== undefined) && Number(seconds) >= 60) return undefined;
  if (hours !== undefined && Number(minutes) >= 60) return undefined;
  return Number(hours ?? 0) * 3600 + Number(minutes ?? 0) * 60 + Number(seconds);
}
