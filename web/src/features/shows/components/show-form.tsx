import {
  EPISODE_CATEGORIES,
  PODCAST_STATUSES,
  NO_PREMIUM,
  createPodcastBodySchema,
  type Podcast,
  type UserRef,
} from '@podz/proto';
import { useState, type FormEvent } from 'react';
import { MediaUpload } from '../../../components/media-upload';
import { PeoplePicker } from '../../../components/people-picker';
import { FormError, RICH_TEXT_HINT, SelectField, TextArea, TextField } from '../../../components/ui/field';
import { FormActions } from '../../../components/ui/form-panel';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useFormErrors } from '../../../lib/use-form-errors';
import { useSaveShow } from '../api/owner-shows-api';
import { feedDraftOf, feedPatchOf, FeedSettingsFields } from './feed-settings-fields';
import { InsertionField } from './insertion-field';
import { LevellingField } from './levelling-field';
import { PremiumFields } from './premium-fields';
import { ReleaseTimeField, useReleaseTime } from './release-time-field';

const STATUS_LABELS: Record<(typeof PODCAST_STATUSES)[number], string> = {
  draft: 'Draft (only you and your hosts see it)',
  scheduled: 'Scheduled (goes live at a time you pick)',
  published: 'Published',
  archived: 'Archived (off the lists and feeds)',
};

/** Adds a show, or edits one when `show` is given. Hosts invited here answer under Host Requests. */
export function ShowForm({
  show,
  ownerId,
  onDone,
  onCancel,
}: {
  show?: Podcast;
  ownerId: string;
  onDone: (show: Podcast) => void;
  onCancel: () => void;
}) {
  const save = useSaveShow();
  const [name, setName] = useState(show?.name ?? '');
  const [description, setDescription] = useState(show?.description ?? '');
  const [category, setCategory] = useState<string>(show?.category ?? EPISODE_CATEGORIES[0]);
  const [status, setStatus] = useState<string>(show?.status ?? 'published');
  const release = useReleaseTime(show?.publishAt);
  const [logoId, setLogoId] = useState<string>();
  const [hosts, setHosts] = useState<UserRef[]>(show?.hosts.map((host) => host.user) ?? []);
  const [uploading, setUploading] = useState(false);
  const [feed, setFeed] = useState(() => feedDraftOf(show?.feed));
  const [premium, setPremium] = useState(show?.premium ?? NO_PREMIUM);
  const [levelAudio, setLevelAudio] = useState(show?.levelAudio ?? true);
  const [insertAds, setInsertAds] = useState<boolean | null>(show?.insertAds ?? null);
  const { errors, formError, setErrors, check, fail } = useFormErrors();
  // A new show is created once, however often the form is sent (a lost answer, a second click).
  const [idempotencyKey] = useState(newIdempotencyKey);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (status === 'scheduled' && !release.isFuture()) {
      setErrors({ publishAt: 'Pick a time in the future, or publish now' });
      return;
    }
    const body = {
      name: name.trim(),
      description,
      category,
      status,
      ...(status === 'scheduled' ? { publishAt: release.toIso() } : {}),
      hostIds: hosts.map((host) => host.id),
      ...(logoId ? { logoId } : {}),
      feed: feedPatchOf(feed),
      premium: { plans: premium.plans, allEpisodes: premium.plans.length > 0 && premium.allEpisodes },
      levelAudio,
      insertAds,
    };
    if (!check(createPodcastBodySchema, body)) return;
    save.mutate({ id: show?.id, body, idempotencyKey }, { onSuccess: onDone, onError: fail });
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="grid gap-4 rounded-xl border border-slate-200 bg-white p-6"
      aria-label={show ? `Edit ${show.name}` : 'Add a show'}
    >
      <h2 className="text-lg font-semibold text-slate-900">{show ? `Edit ${show.name}` : 'Add your PODZ'}</h2>
      <TextField
        label="Show name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
      />
      <TextArea
        label="Description"
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        error={errors.description}
        hint={RICH_TEXT_HINT}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Category"
          value={category}
          onChange={(e) => setCategory(e.target.value)}
          options={EPISODE_CATEGORIES.map((value) => ({ value, label: value }))}
        />
        <SelectField
          label="Status"
          value={status}
          onChange={(e) => setStatus(e.target.value)}
          options={PODCAST_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
        />
      </div>
      {status === 'scheduled' && (
        <ReleaseTimeField
          release={release}
          error={errors.publishAt}
          what="The show, its feed and its published episodes appear then."
        />
      )}
      <MediaUpload
        kind="image"
        label="Cover image"
        onUploaded={(media) => setLogoId(media.id)}
        onBusyChange={setUploading}
        error={errors.logoId}
      />
      <PeoplePicker
        label="Hosts (they are asked to confirm)"
        value={hosts}
        onChange={setHosts}
        excludeIds={[ownerId]}
      />
      <FeedSettingsFields draft={feed} onChange={setFeed} error={errors.feed} showId={show?.id} />
      <PremiumFields value={premium} onChange={setPremium} error={errors.premium} />
      <LevellingField value={levelAudio} onChange={setLevelAudio} />
      <InsertionField value={insertAds} onChange={setInsertAds} />
      <FormError message={formError} />
      <FormActions
        onCancel={onCancel}
        busy={save.isPending}
        disabled={uploading}
        submitLabel={show ? 'Save show' : 'Create show'}
      />
    </form>
  );
}
