import { useState } from 'react';
import { TextField } from '../../../components/ui/field';
import { toLocalInput } from '../../../lib/format';

const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The next whole hour, for a release being scheduled. */
const nextHour = () => new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000).toISOString();

/**
 * The moment a show or an episode goes live, as the owner picks it: their local time in the input,
 * the moment with its offset for the API. Starts at the time already scheduled, or the next hour.
 */
export function useReleaseTime(scheduledAt: string | null | undefined) {
  const [local, setLocal] = useState(() => toLocalInput(scheduledAt ?? nextHour()));
  return {
    local,
    setLocal,
    isFuture: () => new Date(local).getTime() > Date.now(),
    toIso: () => new Date(local).toISOString(),
  };
}

export function ReleaseTimeField({
  release,
  error,
  what,
}: {
  release: ReturnType<typeof useReleaseTime>;
  error?: string;
  /** Who is told when it goes live. */
  what: string;
}) {
  return (
    <TextField
      label="Goes live at"
      type="datetime-local"
      value={release.local}
      onChange={(e) => release.setLocal(e.target.value)}
      error={error}
      hint={`Your time (${TIME_ZONE}). ${what}`}
    />
  );
}
