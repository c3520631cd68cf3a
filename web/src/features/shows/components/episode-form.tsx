import { EPISODE_STATUSES, createEpisodeBodySchema, type Episode, type UserRef } from '@podz/proto';
import { useState, type FormEvent } from 'react';
import { MediaUpload } from '../../../components/media-upload';
import { PeoplePicker } from '../../../components/people-picker';
import { FormError, RICH_TEXT_HINT, SelectField, TextArea, TextField } from '../../../components/ui/field';
import { FormActions } from '../../../components/ui/form-panel';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useFormErrors } from '../../../lib/use-form-errors';
import { useSaveEpisode } from '../api/owner-shows-api';

const PLACEHOLDER_ID = '000000000000000000000000';

/** Publishes an episode (audio uploaded first, with a progress bar), or edits one. */
export function EpisodeForm({
  podcastId,
  episode,
  onDone,
  onCancel,
}: {
  podcastId: string;
  episode?: Episode;
  onDone: () => void;
  onCancel: () => void;
}) {
  const save = useSaveEpisode();
  const [title, setTitle] = useState(episode?.title ?? '');
  const [description, setDescription] = useState(episode?.description ?? '');
  const [status, setStatus] = useState<string>(episode?.status ?? 'published');
  const [audioId, setAudioId] = useState<string>();
  const [guests, setGuests] = useState<UserRef[]>(episode?.guests ?? []);
  const [uploading, setUploading] = useState(false);
  const { errors, formError, setErrors, check, fail } = useFormErrors();
  const [idempotencyKey] = useState(newIdempotencyKey);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!episode && !audioId) {
      setErrors({ audioId: uploading ? 'Wait for the upload to finish' : 'Upload the episode audio' });
      return;
    }
    const body = {
      title: title.trim(),
      description,
      status,
      guestIds: guests.map((guest) => guest.id),
      ...(audioId ? { audioId } : {}),
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
      { onSuccess: onDone, onError: fail },
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
      <SelectField
        label="Status"
        value={status}
        onChange={(e) => setStatus(e.target.value)}
        options={EPISODE_STATUSES.map((value) => ({ value, label: value }))}
      />
      <PeoplePicker label="Guests" value={guests} onChange={setGuests} />
      <FormError message={formError} />
      <FormActions
        onCancel={onCancel}
        busy={save.isPending}
        disabled={uploading}
        submitLabel={episode ? 'Save episode' : 'Publish episode'}
      />
    </form>
  );
}
