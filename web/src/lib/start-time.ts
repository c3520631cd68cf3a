/**
 * Where a shared link starts playing: `?t=90`, `?t=1m30s`, `?t=1h2m3s` or `?t=1:30`, in seconds;
 * 0 for anything else.
 */
export function startTimeOf(value: string | null | undefined): number {
  if (!value) return 0;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text);
  const units = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(text);
  if (units && text !== '')
    return Number(units[1] ?? 0) * 3600 + Number(units[2] ?? 0) * 60 + Number(units[3] ?? 0);
  const clock = /^(?:(\d+):)?(\d{1,2}):(\d{2})$/.exec(text);
  if (clock) return Number(clock[1] ?? 0) * 3600 + Number(clock[2]) * 60 + Number(clock[3]);
  return 0;
}

/** A time as a share link writes it: `1m30s`, `1h2m3s`, `45s`. */
export function startTimeParam(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  return `${h ? `${h}h` : ''}${h || m ? `${m}m` : ''}${s}s`;
}
