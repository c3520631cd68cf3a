import { FEATURED_SHOWS_MODES, PAGE_LIMITS } from '@podz/proto';
import { SelectField } from '../../../components/ui/field';
import { ShowPicks } from './show-picks';

export type FeaturedMode = (typeof FEATURED_SHOWS_MODES)[number];

const MODE_LABEL: Record<FeaturedMode, string> = {
  featured: 'Shows the admins feature',
  latest: 'The newest shows',
  picked: 'Shows picked here, in this order',
};

/** Which shows the home page features: the admins' featured flag, the newest, or a hand-picked list. */
export function FeaturedPicks({
  mode,
  podcastIds,
  onChange,
}: {
  mode: FeaturedMode;
  podcastIds: string[];
  onChange: (next: { mode: FeaturedMode; podcastIds: string[] }) => void;
}) {
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">Featured shows on the home page</legend>
      <SelectField
        label="Which shows"
        value={mode}
        options={FEATURED_SHOWS_MODES.map((value) => ({ value, label: MODE_LABEL[value] }))}
        onChange={(event) => onChange({ mode: event.target.value as FeaturedMode, podcastIds })}
      />
      {mode === 'picked' && (
        <ShowPicks
          podcastIds={podcastIds}
          max={PAGE_LIMITS.featuredShows}
          onChange={(ids) => onChange({ mode, podcastIds: ids })}
        />
      )}
    </fieldset>
  );
}
