import { DEFAULT_FEED_SETTINGS, FEED_MEDIUMS, type FeedSettings } from '@podz/proto';
import { SelectField, TextField } from '../../../components/ui/field';

/** The feed settings as the form holds them: text in inputs, one of each list. */
export interface FeedDraft {
  medium: string;
  ownerEmail: string;
  locked: boolean;
  fundingUrl: string;
  fundingTitle: string;
  license: string;
  licenseUrl: string;
  location: string;
  geo: string;
  frequency: string;
  rrule: string;
  txt: string;
  txtPurpose: string;
  newFeedUrl: string;
}

export function feedDraftOf(feed: FeedSettings = DEFAULT_FEED_SETTINGS): FeedDraft {
  return {
    medium: feed.medium,
    ownerEmail: feed.ownerEmail ?? '',
    locked: feed.locked,
    fundingUrl: feed.funding[0]?.url ?? '',
    fundingTitle: feed.funding[0]?.title ?? '',
    license: feed.license?.identifier ?? '',
    licenseUrl: feed.license?.url ?? '',
    location: feed.location?.name ?? '',
    geo: feed.location?.geo ?? '',
    frequency: feed.updateFrequency?.label ?? '',
    rrule: feed.updateFrequency?.rrule ?? '',
    txt: feed.txt[0]?.value ?? '',
    txtPurpose: feed.txt[0]?.purpose ?? '',
    newFeedUrl: feed.newFeedUrl ?? '',
  };
}

const optional = (value: string) => (value.trim() ? value.trim() : undefined);

/**
 * What the form sends as `feed`: the fields it edits (the first funding link and txt entry, the
 * license, location and frequency), keeping the rest of lists it shows one of.
 */
export function feedPatchOf(
  draft: FeedDraft,
  stored: FeedSettings = DEFAULT_FEED_SETTINGS,
): Partial<FeedSettings> {
  const funding = optional(draft.fundingUrl)
    ? [{ url: draft.fundingUrl.trim(), title: draft.fundingTitle.trim() || 'Support the show' }]
    : [];
  const txt = optional(draft.txt)
    ? [
        {
          value: draft.txt.trim(),
          ...(optional(draft.txtPurpose) ? { purpose: draft.txtPurpose.trim() } : {}),
        },
      ]
    : [];
  return {
    medium: draft.medium as FeedSettings['medium'],
    ownerEmail: optional(draft.ownerEmail) ?? null,
    locked: draft.locked,
    funding: [...funding, ...stored.funding.slice(1)],
    license: optional(draft.license)
      ? {
          identifier: draft.license.trim(),
          ...(optional(draft.licenseUrl) ? { url: draft.licenseUrl.trim() } : {}),
        }
      : null,
    location: optional(draft.location)
      ? { name: draft.location.trim(), ...(optional(draft.geo) ? { geo: draft.geo.trim() } : {}) }
      : null,
    updateFrequency: optional(draft.frequency)
      ? { label: draft.frequency.trim(), ...(optional(draft.rrule) ? { rrule: draft.rrule.trim() } : {}) }
      : null,
    txt: [...txt, ...stored.txt.slice(1)],
    newFeedUrl: optional(draft.newFeedUrl) ?? null,
  };
}

const RRULES = [
  { value: '', label: 'No fixed schedule' },
  { value: 'FREQ=DAILY', label: 'Daily' },
  { value: 'FREQ=WEEKLY', label: 'Weekly' },
  { value: 'FREQ=WEEKLY;INTERVAL=2', label: 'Every two weeks' },
  { value: 'FREQ=MONTHLY', label: 'Monthly' },
];

/**
 * The Podcasting 2.0 settings apps and directories read from the feed, folded away under one
 * heading: most owners never open it, and the feed is complete without it.
 */
export function FeedSettingsFields({
  draft,
  onChange,
  error,
}: {
  draft: FeedDraft;
  onChange: (draft: FeedDraft) => void;
  error?: string;
}) {
  const field = (name: keyof FeedDraft) => ({
    value: draft[name] as string,
    onChange: (event: { target: { value: string } }) => onChange({ ...draft, [name]: event.target.value }),
  });
  return (
    <details className="rounded-lg border border-slate-200 p-4" open={Boolean(error)}>
      <summary className="cursor-pointer font-semibold text-slate-900">
        Feed settings for podcast apps
      </summary>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Medium"
          options={FEED_MEDIUMS.map((value) => ({ value, label: value }))}
          {...field('medium')}
        />
        <TextField
          label="Owner email (for directories)"
          type="email"
          hint="Shown in the feed; Apple Podcasts and others confirm ownership with it."
          {...field('ownerEmail')}
        />
        <TextField
          label="Support link (URL)"
          hint="The network’s pricing page when empty."
          {...field('fundingUrl')}
        />
        <TextField label="Support link text" {...field('fundingTitle')} />
        <TextField label="License" placeholder="cc-by-4.0" {...field('license')} />
        <TextField label="License URL (optional)" {...field('licenseUrl')} />
        <TextField label="Location" placeholder="Lisbon, Portugal" {...field('location')} />
        <TextField label="Coordinates (optional)" placeholder="geo:38.72,-9.14" {...field('geo')} />
        <TextField label="How often episodes come" placeholder="Every Monday" {...field('frequency')} />
        <SelectField label="Schedule" options={RRULES} {...field('rrule')} />
        <TextField
          label="Verification text (podcast:txt)"
          hint="A code a directory asks you to put in your feed."
          {...field('txt')}
        />
        <TextField label="Verification purpose" placeholder="verify" {...field('txtPurpose')} />
        <TextField
          label="New feed URL (the show moved)"
          hint="Apps are sent there with a permanent redirect. Leave empty while the show lives here."
          {...field('newFeedUrl')}
        />
        <label className="flex items-center gap-2 self-end text-sm text-slate-800">
          <input
            type="checkbox"
            checked={draft.locked}
            onChange={(event) => onChange({ ...draft, locked: event.target.checked })}
          />
          Lock the feed (other hosts may not import it)
        </label>
      </div>
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {error}
        </p>
      )}
    </details>
  );
}
