import { EPISODE_CATEGORIES, rssImportBodySchema } from '@podz/proto';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { FormActions, FormPanel } from '../../../components/ui/form-panel';
import { FormError, SelectField, TextField } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import { useFormErrors } from '../../../lib/use-form-errors';
import { useImportFeed } from '../api/owner-shows-api';

const FEED_CATEGORY = 'feed';

/**
 * Brings an existing show to PODZ from its RSS feed: the show and its episodes, the audio staying
 * where the feed hosts it. The result (or why the feed was refused) is shown under the form.
 */
export function FeedImportForm() {
  const [url, setUrl] = useState('');
  const [category, setCategory] = useState(FEED_CATEGORY);
  const { errors, formError, check, fail } = useFormErrors();
  const run = useImportFeed();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = check(rssImportBodySchema, {
      url: url.trim(),
      ...(category === FEED_CATEGORY ? {} : { category }),
    });
    if (body) run.mutate(body, { onError: fail });
  };

  return (
    <FormPanel title={'Import a show from its feed'} onSubmit={onSubmit}>
      <div className="grid gap-3 sm:grid-cols-[1fr_14rem]">
        <TextField
          label="Feed URL"
          type="url"
          placeholder="https://example.org/feed.xml"
          value={url}
          error={errors.url}
          onChange={(event) => setUrl(event.target.value)}
        />
        <SelectField
          label="Category"
          value={category}
          options={[
            { value: FEED_CATEGORY, label: 'As the feed says' },
            ...EPISODE_CATEGORIES.map((value) => ({ value, label: value })),
          ]}
          onChange={(event) => setCategory(event.target.value)}
        />
      </div>
      <FormError message={formError} />
      {run.isSuccess && (
        <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          Imported{' '}
          <Link className="font-semibold underline" to={paths.show.href(run.data.podcast.uId)}>
            {run.data.podcast.name}
          </Link>{' '}
          with {run.data.episodesImported} {run.data.episodesImported === 1 ? 'episode' : 'episodes'}.
        </p>
      )}
      <FormActions busy={run.isPending} disabled={!url.trim()} submitLabel="Import" busyLabel="Importing…" />
    </FormPanel>
  );
}
