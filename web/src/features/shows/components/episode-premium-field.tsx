import { PREMIUM_KINDS, type EpisodePremium, type PremiumKind } from '@podz/proto';
import { SelectField, TextField } from '../../../components/ui/field';
import { useManagedEpisodes } from '../api/owner-shows-api';

const WHO_HEARS: Record<'public' | PremiumKind, string> = {
  public: 'Everyone',
  bonus: 'Members only: a bonus episode',
  'early-access': 'Members first, everyone from a date (early access)',
  'ad-free': 'Members only: the ad-free cut of a public episode',
};

/** The form's draft of an episode's premium setting: a kind, and the text of its inputs. */
export interface PremiumDraft {
  kind: 'public' | PremiumKind;
  /** `datetime-local` text, the owner's local time. */
  publicAt: string;
  publicEpisodeId: string;
}

const localInput = (iso: string) => {
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

export function premiumDraftOf(premium: EpisodePremium | null | undefined): PremiumDraft {
  return {
    kind: premium?.kind ?? 'public',
    publicAt: premium?.publicAt ? localInput(premium.publicAt) : '',
    publicEpisodeId: premium?.publicEpisodeId ?? '',
  };
}

/** What the form sends as `premium`; a date the browser cannot read is sent as is, for the API to refuse. */
export function premiumOf(draft: PremiumDraft) {
  if (draft.kind === 'public') return null;
  const at = new Date(draft.publicAt);
  return {
    kind: draft.kind,
    publicAt:
      draft.kind === 'early-access' ? (Number.isNaN(at.getTime()) ? draft.publicAt : at.toISOString()) : null,
    publicEpisodeId: draft.kind === 'ad-free' ? draft.publicEpisodeId || null : null,
  };
}

/**
 * Who hears an episode: everyone, or members on the show's plans (a bonus, early access until a
 * date, or the ad-free cut of one of the show's public episodes). `plans` empty: the show names
 * none yet, so the choice waits for them.
 */
export function EpisodePremiumField({
  podcastId,
  episodeId,
  plans,
  draft,
  onChange,
  error,
}: {
  podcastId: string;
  episodeId: string | undefined;
  plans: string[];
  draft: PremiumDraft;
  onChange: (draft: PremiumDraft) => void;
  /** The API's or the schema's word on `premium`, shown beside the choice it concerns. */
  error: string | undefined;
}) {
  const episodes = useManagedEpisodes(podcastId, 1);
  if (plans.length === 0 && draft.kind === 'public') {
    return (
      <p className="text-sm text-slate-600">
        Premium episodes: name the plans that unlock them in the show’s settings first.
      </p>
    );
  }
  const originals = (episodes.data?.items ?? []).filter(
    (episode) => episode.id !== episodeId && episode.premium === null,
  );
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField
        label="Who hears it"
        value={draft.kind}
        onChange={(e) => onChange({ ...draft, kind: e.target.value as PremiumDraft['kind'] })}
        options={(['public', ...PREMIUM_KINDS] as const).map((value) => ({ value, label: WHO_HEARS[value] }))}
        error={draft.kind === 'bonus' ? error : undefined}
      />
      {draft.kind === 'early-access' && (
        <TextField
          label="Public from"
          type="datetime-local"
          value={draft.publicAt}
          onChange={(e) => onChange({ ...draft, publicAt: e.target.value })}
          error={error}
        />
      )}
      {draft.kind === 'ad-free' && (
        <SelectField
          label="Ad-free cut of"
          value={draft.publicEpisodeId}
          onChange={(e) => onChange({ ...draft, publicEpisodeId: e.target.value })}
          options={[
            { value: '', label: 'Choose a public episode' },
            ...originals.map((episode) => ({ value: episode.id, label: episode.title })),
          ]}
          error={error}
        />
      )}
    </div>
  );
}
