import type { Podcast } from '@podz/proto';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ShowSummary } from '../../../components/show-summary';
import { Button, buttonClass } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { Pagination } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-state';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useUi } from '../../../stores/ui-store';
import { useDeleteShow, useMyShows } from '../api/owner-shows-api';
import { ShowEpisodes } from './show-episodes';
import { ShowForm } from './show-form';

/** My PODZ: the owner's shows; `?add=true` opens the add-show form (spec §2). */
export function MyShows({ ownerId }: { ownerId: string }) {
  const [params, setParams] = useSearchParams();
  const page = Number(params.get('page')) || 1;
  const adding = params.get('add') === 'true';
  const [editing, setEditing] = useState<string>();
  const [open, setOpen] = useState<string>();
  const shows = useMyShows(page);
  const remove = useDeleteShow();
  const confirm = useUi((state) => state.confirm);
  const toast = useUi((state) => state.toast);

  const closeAdd = () => {
    params.delete('add');
    setParams(params, { replace: true });
  };
  const onDelete = async (show: Podcast) => {
    const sure = await confirm({
      title: 'Delete show?',
      message: `“${show.name}”, its episodes and its feed will be deleted.`,
    });
    if (!sure) return;
    remove.mutate(show.id, {
      onSuccess: () => toast('The show was deleted'),
      onError: (error) => toast(errorMessage(error), 'error'),
    });
  };

  return (
    <div className="grid gap-6">
      {adding ? (
        <ShowForm
          ownerId={ownerId}
          onCancel={closeAdd}
          onDone={(show) => {
            toast(`${show.name} was created`);
            closeAdd();
            setOpen(show.id);
          }}
        />
      ) : (
        <div>
          <Button onClick={() => setParams({ add: 'true' })}>Add a show</Button>
        </div>
      )}
      <QueryState
        query={shows}
        isEmpty={(data) => data.items.length === 0}
        empty="You have no shows yet. Add your first PODZ."
      >
        {(data) => (
          <>
            <ul className="grid gap-4">
              {data.items.map((show) => (
                <li key={show.id} className="rounded-xl border border-slate-200 bg-white p-4">
                  {editing === show.id ? (
                    <ShowForm
                      show={show}
                      ownerId={ownerId}
                      onCancel={() => setEditing(undefined)}
                      onDone={() => {
                        toast('The show was saved');
                        setEditing(undefined);
                      }}
                    />
                  ) : (
                    <div className="flex flex-wrap items-center gap-4">
                      <ShowSummary
                        show={show}
                        coverClassName="size-16"
                        detail={`${show.status === 'scheduled' ? `scheduled · goes live ${formatDateTime(show.publishAt)}` : show.status} · ${show.category} · ${show.hosts.length} ${show.hosts.length === 1 ? 'host' : 'hosts'}`}
                      />
                      <div className="flex flex-wrap gap-2">
                        <Button
                          variant="secondary"
                          aria-expanded={open === show.id}
                          onClick={() => setOpen(open === show.id ? undefined : show.id)}
                        >
                          Episodes
                        </Button>
                        <Button variant="secondary" onClick={() => setEditing(show.id)}>
                          Edit
                        </Button>
                        <Link to={paths.showAnalytics.href(show.id)} className={buttonClass('secondary')}>
                          Analytics
                        </Link>
                        <Button variant="danger" onClick={() => void onDelete(show)}>
                          Delete
                        </Button>
                      </div>
                    </div>
                  )}
                  {open === show.id && <ShowEpisodes podcastId={show.id} premiumPlans={show.premium.plans} />}
                </li>
              ))}
            </ul>
            <Pagination
              page={data.page}
              totalPages={data.totalPages}
              onChange={(next) => setParams({ page: String(next) })}
            />
          </>
        )}
      </QueryState>
    </div>
  );
}
