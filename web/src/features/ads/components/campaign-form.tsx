import {
  AD_POSITIONS,
  CAMPAIGN_KINDS,
  createCampaignBodySchema,
  EPISODE_CATEGORIES,
  type AdPosition,
  type Campaign,
  type CreateCampaignBody,
} from '@podz/proto';
import { useState } from 'react';
import { MediaUpload } from '../../../components/media-upload';
import { Button } from '../../../components/ui/button';
import { FormError, SelectField, TextField } from '../../../components/ui/field';
import { useFormErrors } from '../../../lib/use-form-errors';

const KIND_LABELS = {
  sponsorship: 'Sponsorship (first)',
  standard: 'Standard',
  promo: 'House promo (fills the rest)',
};
const POSITION_LABELS = { pre: 'Pre-roll', mid: 'Mid-roll', post: 'Post-roll' };

interface Creative {
  uploadId: string;
  name: string;
  url: string;
}

/** The form's values as typed; `bodyOf` turns them into the API's body. */
export interface CampaignDraft {
  name: string;
  advertiser: string;
  advertiserCategory: string;
  kind: CreateCampaignBody['kind'];
  promotesPodcastId: string;
  positions: AdPosition[];
  startsOn: string;
  endsOn: string;
  impressionGoal: string;
  cpm: string;
  perDay: string;
  perWeek: string;
  categories: string[];
  countries: string;
  apps: string;
  platforms: string;
  episodeMaxAgeDays: string;
  creatives: Creative[];
}

const day = (iso: string) => iso.slice(0, 10);
const list = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

export function draftOf(campaign?: Campaign): CampaignDraft {
  const today = new Date().toISOString();
  const inAMonth = new Date(Date.now() + 30 * 86_400_000).toISOString();
  return {
    name: campaign?.name ?? '',
    advertiser: campaign?.advertiser ?? '',
    advertiserCategory: campaign?.advertiserCategory ?? '',
    kind: campaign?.kind ?? 'standard',
    promotesPodcastId: campaign?.promotesPodcastId ?? '',
    positions: campaign?.positions ?? ['pre', 'mid'],
    startsOn: day(campaign?.flight.startsAt ?? today),
    endsOn: day(campaign?.flight.endsAt ?? inAMonth),
    impressionGoal: campaign?.impressionGoal?.toString() ?? '',
    cpm: campaign ? (campaign.cpmCents / 100).toString() : '',
    perDay: campaign?.caps.perDay?.toString() ?? '',
    perWeek: campaign?.caps.perWeek?.toString() ?? '',
    categories: campaign?.targeting.categories ?? [],
    countries: campaign?.targeting.countries.join(', ') ?? '',
    apps: campaign?.targeting.apps.join(', ') ?? '',
    platforms: campaign?.targeting.platforms.join(', ') ?? '',
    episodeMaxAgeDays: campaign?.targeting.episodeMaxAgeDays?.toString() ?? '',
    creatives: campaign?.creatives.map(({ uploadId, name, url }) => ({ uploadId, name, url })) ?? [],
  };
}

export function bodyOf(draft: CampaignDraft, showIds: string[] = []): unknown {
  return {
    name: draft.name,
    advertiser: draft.advertiser,
    advertiserCategory: draft.advertiserCategory,
    kind: draft.kind,
    promotesPodcastId: draft.promotesPodcastId.trim() || null,
    positions: draft.positions,
    flight: { startsAt: `${draft.startsOn}T00:00:00.000Z`, endsAt: `${draft.endsOn}T00:00:00.000Z` },
    impressionGoal: numberOrNull(draft.impressionGoal),
    cpmCents: Math.round(Number(draft.cpm || '0') * 100),
    targeting: {
      showIds,
      categories: draft.categories,
      countries: list(draft.countries).map((code) => code.toUpperCase()),
      apps: list(draft.apps),
      platforms: list(draft.platforms),
      episodeMaxAgeDays: numberOrNull(draft.episodeMaxAgeDays),
    },
    caps: { perDay: numberOrNull(draft.perDay), perWeek: numberOrNull(draft.perWeek) },
    creatives: draft.creatives.map(({ uploadId, name }) => ({ uploadId, name })),
  };
}

/**
 * A campaign's fields: who advertises, what kind, where it plays, its flight, goal and price, who
 * hears it, how often, and its creatives (uploaded here through the audio pipeline, each with a
 * player to hear it). Checked against the API's own schema before it is sent.
 */
export function CampaignForm({
  campaign,
  saving,
  onSave,
  onCancel,
}: {
  campaign?: Campaign;
  saving: boolean;
  onSave: (body: CreateCampaignBody) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const [draft, setDraft] = useState(() => draftOf(campaign));
  const [uploading, setUploading] = useState(false);
  const form = useFormErrors();
  const set = <K extends keyof CampaignDraft>(key: K, value: CampaignDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const text = (key: keyof CampaignDraft) => ({
    value: draft[key] as string,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => set(key, event.target.value as never),
    error: form.errors[key],
  });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const body = form.check(createCampaignBodySchema, bodyOf(draft, campaign?.targeting.showIds));
    if (!body) return;
    try {
      await onSave(body);
    } catch (error) {
      form.fail(error);
    }
  };

  return (
    <form onSubmit={submit} className="grid gap-5 rounded-xl border border-slate-200 bg-white p-5" noValidate>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label="Campaign name" required {...text('name')} />
        <TextField label="Advertiser" required {...text('advertiser')} />
        <TextField
          label="Advertiser category"
          hint="Two advertisers of one category never play in the same file"
          required
          {...text('advertiserCategory')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          label="Kind"
          value={draft.kind}
          onChange={(event) => set('kind', event.target.value as CampaignDraft['kind'])}
          options={CAMPAIGN_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))}
          error={form.errors.kind}
        />
        {draft.kind === 'promo' && (
          <TextField
            label="Show it promotes (its id)"
            hint="A promo never plays in its own show"
            {...text('promotesPodcastId')}
          />
        )}
        <fieldset>
          <legend className="block text-sm font-medium text-slate-800">Positions</legend>
          <div className="mt-2 flex flex-wrap gap-3">
            {AD_POSITIONS.map((position) => (
              <label key={position} className="flex items-center gap-1 text-sm text-slate-800">
                <input
                  type="checkbox"
                  checked={draft.positions.includes(position)}
                  onChange={(event) =>
                    set(
                      'positions',
                      event.target.checked
                        ? [...draft.positions, position]
                        : draft.positions.filter((one) => one !== position),
                    )
                  }
                />
                {POSITION_LABELS[position]}
              </label>
            ))}
          </div>
          {form.errors.positions && <p className="mt-1 text-sm text-red-700">{form.errors.positions}</p>}
        </fieldset>
      </div>
      <div className="grid gap-4 sm:grid-cols-4">
        <TextField label="Flight starts (UTC)" type="date" {...text('startsOn')} error={form.errors.flight} />
        <TextField label="Flight ends (UTC)" type="date" {...text('endsOn')} />
        <TextField
          label="Impression goal"
          type="number"
          min={1}
          hint="Delivered evenly over the flight"
          {...text('impressionGoal')}
        />
        <TextField
          label="CPM (USD)"
          type="number"
          min={0}
          step="0.01"
          {...text('cpm')}
          error={form.errors.cpmCents}
        />
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-2 text-sm font-semibold text-slate-900">Who hears it (empty: anyone)</legend>
        <label className="block text-sm font-medium text-slate-800">
          Categories
          <select
            multiple
            className="mt-1 block h-28 w-full rounded-md border border-slate-300 px-2 py-1"
            value={draft.categories}
            onChange={(event) =>
              set(
                'categories',
                [...event.target.selectedOptions].map((option) => option.value),
              )
            }
          >
            {EPISODE_CATEGORIES.map((category) => (
              <option key={category}>{category}</option>
            ))}
          </select>
        </label>
        <TextField
          label="Countries"
          hint="Two-letter codes, comma separated (GB, NL)"
          {...text('countries')}
          error={form.errors.targeting}
        />
        <TextField
          label="Episodes at most this many days old"
          type="number"
          min={0}
          {...text('episodeMaxAgeDays')}
        />
        <TextField label="Apps" hint="As analytics names them (Apple Podcasts, Spotify)" {...text('apps')} />
        <TextField label="Platforms" hint="iOS, Android, Windows…" {...text('platforms')} />
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="At most per listener per day"
          type="number"
          min={1}
          {...text('perDay')}
          error={form.errors.caps}
        />
        <TextField label="At most per listener per week" type="number" min={1} {...text('perWeek')} />
      </div>
      <section aria-labelledby="campaign-creatives" className="grid gap-3">
        <h2 id="campaign-creatives" className="text-sm font-semibold text-slate-900">
          Creatives
        </h2>
        {draft.creatives.length === 0 && (
          <p className="text-sm text-slate-600">None yet: upload the spot the listeners will hear.</p>
        )}
        <ul className="grid gap-3">
          {draft.creatives.map((creative, index) => (
            <li
              key={creative.uploadId}
              className="grid gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-[1fr_auto_auto] sm:items-end"
            >
              <TextField
                label={`Creative ${index + 1} name`}
                value={creative.name}
                onChange={(event) =>
                  set(
                    'creatives',
                    draft.creatives.map((one) =>
                      one.uploadId === creative.uploadId ? { ...one, name: event.target.value } : one,
                    ),
                  )
                }
              />
              <audio controls preload="none" src={creative.url} aria-label={`Preview of ${creative.name}`} />
              <Button
                variant="secondary"
                type="button"
                onClick={() =>
                  set(
                    'creatives',
                    draft.creatives.filter((one) => one.uploadId !== creative.uploadId),
                  )
                }
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
        <MediaUpload
          kind="audio"
          label="Upload a creative"
          onBusyChange={setUploading}
          error={form.errors.creatives}
          onUploaded={(media) =>
            setDraft((current) => ({
              ...current,
              creatives: [
                ...current.creatives,
                { uploadId: media.id, name: `Spot ${current.creatives.length + 1}`, url: media.url },
              ],
            }))
          }
        />
      </section>
      <FormError message={form.formError} />
      <div className="flex gap-3">
        <Button type="submit" disabled={saving || uploading}>
          {saving ? 'Saving…' : campaign ? 'Save campaign' : 'Create campaign'}
        </Button>
        {onCancel && (
          <Button variant="secondary" type="button" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
