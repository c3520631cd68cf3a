import { AD_BREAKS, adBreaksBodySchema, type Episode } from '@podz/proto';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/field';
import { Waveform, type WaveformMark } from '../../../components/waveform';
import { errorMessage } from '../../../lib/api-client';
import { formatClock, parseClock } from '../../../lib/format';
import { useSaveAdBreaks, useSilences } from '../api/owner-shows-api';

/** Where a break may go: the middle of each silence the pipeline found, and each chapter's start. */
function candidatesOf(episode: Episode, silences: readonly { start: number; end: number }[]) {
  const end = episode.audio.durationSeconds - AD_BREAKS.midRollSpacingSeconds;
  const all = [
    ...silences.map((one) => ({
      seconds: Math.round(((one.start + one.end) / 2) * 10) / 10,
      why: 'silence',
    })),
    ...episode.chapters.map((chapter) => ({ seconds: chapter.startTime, why: `chapter “${chapter.title}”` })),
  ];
  return all
    .filter((one) => one.seconds >= AD_BREAKS.midRollSpacingSeconds && one.seconds <= end)
    .sort((a, b) => a.seconds - b.seconds)
    .slice(0, 12);
}

/**
 * An episode's ad breaks for its owner: the network's rule, or its own pre-roll, post-roll and
 * mid-rolls, set by time, by a click on the waveform, or from the places the pipeline suggests
 * (its silences, the chapters' starts). Saved as a whole; only shows that carry ads use them.
 */
export function BreakEditor({ episode }: { episode: Episode }) {
  const save = useSaveAdBreaks(episode.id);
  const silences = useSilences(episode.audio.url);
  const [own, setOwn] = useState(episode.adBreaks !== null);
  const [preRoll, setPreRoll] = useState(episode.adBreaks?.preRoll ?? true);
  const [postRoll, setPostRoll] = useState(episode.adBreaks?.postRoll ?? false);
  const [mids, setMids] = useState<string[]>(() => (episode.adBreaks?.midRolls ?? []).map(formatClock));
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState(false);
  const candidates = candidatesOf(episode, silences.data ?? []);
  const midSeconds = mids.map((text) => parseClock(text)).filter((one): one is number => one !== undefined);
  const marks: WaveformMark[] = [
    ...candidates.map((one) => ({ seconds: one.seconds, kind: 'candidate' as const })),
    ...midSeconds.map((seconds) => ({ seconds, kind: 'break' as const })),
  ];
  const change = (next: () => void) => {
    setSaved(false);
    setOwn(true);
    next();
  };
  const addMid = (seconds: number) =>
    change(() => setMids((current) => [...current, formatClock(Math.round(seconds))]));

  const onSave = () => {
    setError(undefined);
    const unreadable = mids.find((text) => parseClock(text) === undefined);
    if (own && unreadable !== undefined) {
      setError(`Write “${unreadable}” as m:ss or h:mm:ss`);
      return;
    }
    const checked = adBreaksBodySchema.safeParse({
      adBreaks: own ? { preRoll, midRolls: midSeconds, postRoll } : null,
    });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    save.mutate(checked.data, {
      onSuccess: () => setSaved(true),
      onError: (failure) => setError(errorMessage(failure)),
    });
  };

  return (
    <section
      aria-labelledby={`breaks-${episode.id}`}
      className="rounded-xl border border-slate-200 bg-white p-4"
    >
      <h3 id={`breaks-${episode.id}`} className="font-semibold text-slate-900">
        Ad breaks
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        Where ads and promos are joined in, when the show carries them. Click the waveform to add a mid-roll
        there; dashed lines are silences and chapter starts.
      </p>
      <fieldset className="mt-3 flex flex-wrap gap-4 text-sm text-slate-800">
        <legend className="sr-only">Whose breaks</legend>
        <label className="flex items-center gap-1">
          <input
            type="radio"
            name={`breaks-own-${episode.id}`}
            checked={!own}
            onChange={() => change(() => setOwn(false))}
          />
          The network’s rule
        </label>
        <label className="flex items-center gap-1">
          <input
            type="radio"
            name={`breaks-own-${episode.id}`}
            checked={own}
            onChange={() => change(() => setOwn(true))}
          />
          This episode’s own
        </label>
      </fieldset>
      <div className="mt-3">
        <Waveform
          src={episode.audio.url}
          current={0}
          length={episode.audio.durationSeconds}
          seek={addMid}
          marks={marks}
        />
      </div>
      <div className="mt-2 flex flex-wrap gap-4 text-sm text-slate-800">
        <label className="flex items-center gap-1">
          <input
            type="checkbox"
            checked={preRoll}
            onChange={(event) => change(() => setPreRoll(event.target.checked))}
          />
          Pre-roll
        </label>
        <label className="flex items-center gap-1">
          <input
            type="checkbox"
            checked={postRoll}
            onChange={(event) => change(() => setPostRoll(event.target.checked))}
          />
          Post-roll
        </label>
      </div>
      <ul className="mt-3 grid gap-2" aria-label="Mid-rolls">
        {mids.map((text, index) => (
          <li key={index} className="flex items-center gap-2">
            <input
              aria-label={`Mid-roll ${index + 1} at`}
              className="w-28 rounded-md border border-slate-300 px-2 py-1.5 text-sm"
              value={text}
              onChange={(event) =>
                change(() => setMids(mids.map((one, at) => (at === index ? event.target.value : one))))
              }
            />
            <Button
              variant="ghost"
              type="button"
              onClick={() => change(() => setMids(mids.filter((_, at) => at !== index)))}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          type="button"
          disabled={mids.length >= AD_BREAKS.midRollsMax}
          onClick={() => addMid(Math.max(AD_BREAKS.midRollSpacingSeconds, episode.audio.durationSeconds / 2))}
        >
          Add a mid-roll
        </Button>
        {candidates.slice(0, 4).map((one) => (
          <Button
            key={`${one.why}-${one.seconds}`}
            variant="ghost"
            type="button"
            disabled={mids.length >= AD_BREAKS.midRollsMax}
            onClick={() => addMid(one.seconds)}
          >
            {`Add at ${formatClock(Math.round(one.seconds))} (${one.why})`}
          </Button>
        ))}
      </div>
      <FormError message={error} />
      <div className="mt-3 flex items-center gap-3">
        <Button type="button" disabled={save.isPending} onClick={onSave}>
          {save.isPending ? 'Saving…' : 'Save breaks'}
        </Button>
        {saved && (
          <span role="status" className="text-sm text-emerald-800">
            Breaks saved
          </span>
        )}
      </div>
    </section>
  );
}
