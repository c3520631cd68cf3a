import type { Episode } from '@podz/proto';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Pagination } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-state';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatDateTime, formatDuration } from '../../../lib/format';
import { useUi } from '../../../stores/ui-store';
import { useDeleteEpisode, useManagedEpisodes } from '../api/owner-shows-api';
import { BreakEditor } from './break-editor';
import { ChapterEditor } from './chapter-editor';
import { EpisodeForm } from './episode-form';
import { TranscriptEditor } from './transcript-editor';

/** A show's episodes for its owner: add (with upload), edit and delete. */
export function ShowEpisodes({ podcastId, premiumPlans }: { podcastId: string; premiumPlans: string[] }) {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Episode | 'new'>();
  const episodes = useManagedEpisodes(podcastId, page);
  const remove = useDeleteEpisode();
  const confirm = useUi((state) => state.confirm);
  const toast = useUi((state) => state.toast);

  const onDelete = async (episode: Episode) => {
    if (
      !(await confirm({
        title: 'Delete episode?',
        message: `“${episode.title}” and its audio will be deleted.`,
      }))
    )
      return;
    remove.mutate(episode.id, {
      onSuccess: () => toast('The episode was deleted'),
      onError: (error) => toast(errorMessage(error), 'error'),
    });
  };

  return (
    <div className="mt-4 grid gap-4">
      {editing ? (
        <>
          <EpisodeForm
            podcastId={podcastId}
            premiumPlans={premiumPlans}
            episode={editing === 'new' ? undefined : editing}
            onCancel={() => setEditing(undefined)}
            onDone={(status) => {
              toast(
                editing !== 'new'
                  ? 'The episode was saved'
                  : status === 'scheduled'
                    ? 'The episode was scheduled'
                    : status === 'draft'
                      ? 'The draft was saved'
                      : 'The episode was published',
              );
              setEditing(undefined);
            }}
          />
          {editing === 'new' ? (
            <p className="text-sm text-slate-600">
              A transcript and chapters can be added once the episode is saved: choose Edit on it.
            </p>
          ) : (
            <div className="grid gap-4 lg:grid-cols-2">
              <TranscriptEditor key={`t-${editing.id}`} episode={editing} />
              <ChapterEditor key={`c-${editing.id}`} episode={editing} />
              <BreakEditor key={`b-${editing.id}`} episode={editing} />
            </div>
          )}
        </>
      ) : (
        <div>
          <Button onClick={() => setEditing('new')}>Add episode</Button>
        </div>
      )}
      <QueryState
        query={episodes}
        isEmpty={(data) => data.items.length === 0}
        empty="No episodes yet: add the first one."
      >
        {(data) => (
          <>
            <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
              {data.items.map((episode) => (
                <li key={episode.id} className="flex flex-wrap items-center gap-3 p-3">
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium text-slate-900">
                      {episode.title}
                      {(episode.premium || episode.listening === 'premium') && (
                        <span className="ml-2 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
                          {episode.listening === 'premium' ? 'Members' : 'Public now (was early access)'}
                        </span>
                      )}
                    </p>
                    <p className="text-sm text-slate-600">
                      {episode.status === 'scheduled'
                        ? `scheduled · goes live ${formatDateTime(episode.publishedAt)}`
                        : `${episode.status} · ${formatDate(episode.publishedAt)}`}{' '}
                      · {formatDuration(episode.audio.durationSeconds)}
                    </p>
                  </div>
                  <Button variant="secondary" onClick={() => setEditing(episode)}>
                    Edit
                  </Button>
                  <Button variant="danger" onClick={() => void onDelete(episode)}>
                    Delete
                  </Button>
                </li>
              ))}
            </ul>
            <Pagination
              page={data.page}
              totalPages={data.totalPages}
              onChange={setPage}
              label="Episode pages"
            />
          </>
        )}
      </QueryState>
    </div>
  );
}
