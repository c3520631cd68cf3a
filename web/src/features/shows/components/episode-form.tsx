import {
  EPISODE_STATUSES,
  EPISODE_TYPES,
  createEpisodeBodySchema,
  type AudioProcessing,
  type Episode,
  type UserRef,
} from '@podz/proto';
import { useState, type FormEvent } from 'react';
import { MediaUpload } from '../../../components/media-upload';
import { ProcessingStatus } from '../../../components/processing-status';
import { PeoplePicker } from '../../../components/people-picker';
import { FormError, RICH_TEXT_HINT, SelectField, TextArea, TextField } from '../../../components/ui/field';
import { FormActions } from '../../../components/ui/form-panel';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { formatClock, parseClock } from '../../../lib/format';
import { useFormErrors } from '../../../lib/use-form-errors';
import { useAudioProcessing, useSaveEpisode } from '../api/owner-shows-api';
import { ReleaseTimeField, useReleaseTime } from './release-time-field';
import { EpisodePremiumField, premiumDraftOf, premiumOf } from './episode-premium-field';

const PLACEHOLDER_ID = '000000000000000000000000';

const TYPE_LABELS: Record<(typeof EPISODE_TYPES)[number], string> = {
  full: 'Full episode',
  trailer: 'Trailer (the show’s preview)',
  bonus: 'Bonus',
};

const STATUS_LABELS: Record<(typeof EPISODE_STATUSES)[number], string> = {
  draft: 'Draft (only you see it)',
  scheduled: 'Scheduled (goes live at a time you pick)',
  published: 'Published',
};

/** A file just uploaded: its job is queued in the same write (the socket moves it on from here). */
const JUST_UPLOADED: AudioProcessing = { state: 'queued', stage: null, percent: 0, error: null };

/** Publishes an episode (audio uploaded first, with a progress bar), or edits one. */
export function EpisodeForm({
  podcastId,
  premiumPlans,
  episode,
  onDone,
  onCancel,
}: {
  podcastId: string;
  /** The plans the show names for its premium episodes (none: the episode is public). */
  premiumPlans: string[];
  episode?: Episode;
  /** Called with the status the episode was saved with. */
  onDone: (status: string) => void;
  onCancel: () => void;
}) {
  const save = useSaveEpisode();
  const [title, setTitle] = useState(episode?.title ?? '');
  const [description, setDescription] = useState(episode?.description ?? '');
  const [status, setStatus] = useState<string>(episode?.status ?? 'published');
  const release = useReleaseTime(episode?.status === 'scheduled' ? episode.publishedAt : null);
  const [audioId, setAudioId] = useState<string>();
  const [guests, setGuests] = useState<UserRef[]>(episode?.guests ?? []);
  const [episodeType, setEpisodeType] = useState<string>(episode?.episodeType ?? 'full');
  const [episodeLabel, setEpisodeLabel] = useState(episode?.episodeLabel ?? '');
  const bite = episode?.soundbites[0];
  const [biteStart, setBiteStart] = useState(bite ? formatClock(bite.startTime) : '');
  const [biteLength, setBiteLength] = useState(bite ? String(bite.duration) : '');
  const [biteTitle, setBiteTitle] = useState(bite?.title ?? '');
  const [premium, setPremium] = useState(() => premiumDraftOf(episode?.premium));
  const [uploading, setUploading] = useState(false);
  // The processing of the audio it has now, read again on each visit (a reload included).
  const current = useAudioProcessing(episode?.audio.url);
  const { errors, formError, setErrors, check, fail } = useFormErrors();
  const [idempotencyKey] = useState(newIdempotencyKey);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (status === 'scheduled' && !release.isFuture()) {
      setErrors({ publishedAt: 'Pick a time in the future, or publish now' });
      return;
    }
    if (!episode && !audioId) {
      setErrors({ audioId: uploading ? 'Wait for the upload to finish' : 'Upload the episode audio' });
      return;
    }
    const biteStartSeconds = biteStart.trim() ? parseClock(biteStart) : undefined;
    if (biteStart.trim() && biteStartSeconds === undefined) {
      setErrors({ soundbites: 'Write the start as m:ss or h:mm:ss' });
      return;
    }
    const soundbites =
      biteStartSeconds !== undefined
        ? [
            {
              startTime: biteStartSeconds,
              duration: Number(biteLength || 30),
              ...(biteTitle.trim() ? { title: biteTitle.trim() } : {}),
            },
            ...(episode?.soundbites.slice(1) ?? []),
          ]
        : (episode?.soundbites.slice(1) ?? []);
    const body = {
      title: title.trim(),
      episodeType,
      episodeLabel: episodeLabel.trim() || null,
      soundbites,
      description,
      status,
      // The input holds the owner's local time; the API takes the moment with its offset.
      ...(status === 'scheduled' ? { publishedAt: release.toIso() } : {}),
      // Published from a schedule: now, not at the time that was picked.
      ...(status === 'published' && episode?.status === 'scheduled'
        ? { publishedAt: new Date().toISOString() }
        : {}),
      guestIds: guests.map((guest) => guest.id),
      ...(audioId ? { audioId } : {}),
      premium: premiumOf(premium),
    };
    // An edit keeps its audio unless a new file was uploaded; the schema wants one either way.
    if (
      !check(createEpisodeBodySchema, {
        podcastId,
        audioId: audioId ?? PLACEHOLDER_ID,
        ...body,
      })
    )
      return;
    save.mutate(
      { id: episode?.id, body: episode ? body : { podcastId, ...body }, idempotencyKey },
      { onSuccess: (saved) => onDone(saved.status), onError: fail },
    );
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="grid gap-4 rounded-lg border border-indigo-100 bg-indigo-50/40 p-4"
      aria-label={episode ? `Edit ${episode.title}` : 'New episode'}
    >
      <h3 className="font-semibold text-slate-900">{episode ? `Edit “${episode.title}”` : 'New episode'}</h3>
      <TextField
        label="Episode title"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        error={errors.title}
      />
      <TextArea
        label="Show notes"
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        error={errors.description}
        hint={RICH_TEXT_HINT}
      />
      <MediaUpload
        kind="audio"
        label={episode ? 'Replace the audio (optional)' : 'Episode audio'}
        onUploaded={(media) => setAudioId(media.id)}
        onBusyChange={setUploading}
        error={errors.audioId}
      />
      {audioId ? (
        <ProcessingStatus id={audioId} stored={JUST_UPLOADED} label="the episode audio" />
      ) : (
        current.data && (
          <ProcessingStatus id={current.data.id} stored={current.data.processing} label="the episode audio" />
        )
      )}
      <SelectField
        label="Status"
        value={status}
        onChange={(e) => setStatus(e.target.value)}
        options={EPISODE_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
      />
      {status === 'scheduled' && (
        <ReleaseTimeField
          release={release}
          error={errors.publishedAt}
          what="Followers are told when it goes live."
        />
      )}
      <EpisodePremiumField
        podcastId={podcastId}
        episodeId={episode?.id}
        plans={premiumPlans}
        draft={premium}
        onChange={setPremium}
        error={errors.premium}
      />
      <PeoplePicker label="Guests" value={guests} onChange={setGuests} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Episode type"
          value={episodeType}
          onChange={(e) => setEpisodeType(e.target.value)}
          options={EPISODE_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }))}
        />
        <TextField
          label="Episode label (optional)"
          placeholder="Part 2"
          value={episodeLabel}
          onChange={(e) => setEpisodeLabel(e.target.value)}
          error={errors.episodeLabel}
          hint="How apps number it, in words; up to 32 characters."
        />
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-1 text-sm font-medium text-slate-900">
          Soundbite: the moment apps play as a preview
        </legend>
        <TextField
          label="Starts at"
          placeholder="12:30"
          value={biteStart}
          onChange={(e) => setBiteStart(e.target.value)}
          error={errors.soundbites}
        />
        <TextField
          label="Lasts (seconds)"
          type="number"
          min={1}
          max={120}
          placeholder="30"
          value={biteLength}
          onChange={(e) => setBiteLength(e.target.value)}
        />
        <TextField label="Soundbite title" value={biteTitle} onChange={(e) => setBiteTitle(e.target.value)} />
      </fieldset>
      <FormError message={formError} />
      <FormActions
        onCancel={onCancel}
        busy={save.isPending}
        disabled={uploading}
        submitLabel={
          episode
            ? 'Save episode'
            : status === 'scheduled'
              ? 'Schedule episode'
              : status === 'draft'
                ? 'Save draft'
                : 'Publish episode'
        }
      />
    </form>
  );
}
