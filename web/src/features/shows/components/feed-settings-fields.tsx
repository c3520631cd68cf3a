import {
  DEFAULT_FEED_SETTINGS,
  FEED_MEDIUMS,
  FUNDING_MAX,
  PODROLL_MAX,
  TXT_MAX,
  type FeedSettings,
} from '@podz/proto';
import { SelectField, TextField } from '../../../components/ui/field';
import { TextRows, type Row } from './text-rows';
import { ShowPicks } from './show-picks';

/** How many seasons the form names (the API takes up to 100). */
const SEASON_NAMES_MAX = 20;

/** The feed settings as the form holds them: text in inputs, a row per entry of each list. */
export interface FeedDraft {
  medium: string;
  ownerEmail: string;
  locked: boolean;
  funding: Row<'url' | 'title'>[];
  license: string;
  licenseUrl: string;
  location: string;
  geo: string;
  frequency: string;
  rrule: string;
  txt: Row<'value' | 'purpose'>[];
  podroll: string[];
  seasonNames: Row<'season' | 'name'>[];
  newFeedUrl: string;
}

export function feedDraftOf(feed: FeedSettings = DEFAULT_FEED_SETTINGS): FeedDraft {
  return {
    medium: feed.medium,
    ownerEmail: feed.ownerEmail ?? '',
    locked: feed.locked,
    funding: feed.funding.map((link) => ({ url: link.url, title: link.title })),
    license: feed.license?.identifier ?? '',
    licenseUrl: feed.license?.url ?? '',
    location: feed.location?.name ?? '',
    geo: feed.location?.geo ?? '',
    frequency: feed.updateFrequency?.label ?? '',
    rrule: feed.updateFrequency?.rrule ?? '',
    txt: feed.txt.map((entry) => ({ value: entry.value, purpose: entry.purpose ?? '' })),
    podroll: feed.podroll,
    seasonNames: Object.entries(feed.seasonNames).map(([season, name]) => ({ season, name })),
    newFeedUrl: feed.newFeedUrl ?? '',
  };
}

const optional = (value: string) => (value.trim() ? value.trim() : undefined);

/** What the form sends as `feed`: every setting it edits; rows left empty are dropped. */
export function feedPatchOf(draft: FeedDraft): Partial<FeedSettings> {
  const funding = draft.funding
    .filter((link) => optional(link.url))
    .map((link) => ({ url: link.url.trim(), title: link.title.trim() || 'Support the show' }));
  const txt = draft.txt
    .filter((entry) => optional(entry.value))
    .map((entry) => ({
      value: entry.value.trim(),
      ...(optional(entry.purpose) ? { purpose: entry.purpose.trim() } : {}),
    }));
  const seasonNames = Object.fromEntries(
    draft.seasonNames
      .filter((row) => optional(row.season) && optional(row.name))
      .map((row) => [row.season.trim(), row.name.trim()]),
  );
  return {
    medium: draft.medium as FeedSettings['medium'],
    ownerEmail: optional(draft.ownerEmail) ?? null,
    locked: draft.locked,
    funding,
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
    txt,
    podroll: draft.podroll,
    seasonNames,
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
  showId,
}: {
  draft: FeedDraft;
  onChange: (draft: FeedDraft) => void;
  error?: string;
  /** The show being edited, which its own podroll cannot name. */
  showId?: string;
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
        <TextField label="License" placeholder="cc-by-4.0" {...field('license')} />
        <TextField label="License URL (optional)" {...field('licenseUrl')} />
        <TextField label="Location" placeholder="Lisbon, Portugal" {...field('location')} />
        <TextField label="Coordinates (optional)" placeholder="geo:38.72,-9.14" {...field('geo')} />
        <TextField label="How often episodes come" placeholder="Every Monday" {...field('frequency')} />
        <SelectField label="Schedule" options={RRULES} {...field('rrule')} />
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
      <div className="mt-4 grid gap-4">
        <TextRows
          legend="Support links (podcast:funding); the network’s pricing page when none"
          rows={draft.funding}
          max={FUNDING_MAX}
          columns={[
            { key: 'url', label: 'Support link URL', placeholder: 'https://…' },
            { key: 'title', label: 'Support link text', placeholder: 'Support the show' },
          ]}
          addLabel="Add a support link"
          onChange={(funding) => onChange({ ...draft, funding })}
        />
        <TextRows
          legend="Season names (podcast:season)"
          rows={draft.seasonNames}
          max={SEASON_NAMES_MAX}
          columns={[
            { key: 'season', label: 'Season number', placeholder: '1', inputMode: 'numeric' },
            { key: 'name', label: 'Season name', placeholder: 'The first year' },
          ]}
          addLabel="Name a season"
          onChange={(seasonNames) => onChange({ ...draft, seasonNames })}
        />
        <TextRows
          legend="Verification texts for directories (podcast:txt)"
          rows={draft.txt}
          max={TXT_MAX}
          columns={[
            { key: 'value', label: 'Verification text', placeholder: 'the code a directory gave you' },
            { key: 'purpose', label: 'Verification purpose', placeholder: 'verify' },
          ]}
          addLabel="Add a verification text"
          onChange={(txt) => onChange({ ...draft, txt })}
        />
        <fieldset className="rounded-lg border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium text-slate-900">
            Podroll: other shows of the network you recommend (podcast:podroll)
          </legend>
          <ShowPicks
            label="Recommended shows"
            podcastIds={draft.podroll}
            max={PODROLL_MAX}
            excludeIds={showId ? [showId] : []}
            onChange={(podroll) => onChange({ ...draft, podroll })}
          />
        </fieldset>
      </div>
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {error}
        </p>
      )}
    </details>
  );
}
