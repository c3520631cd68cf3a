import type { Page } from '@podz/proto';
import { Button } from '../../../components/ui/button';
import { QueryState } from '../../../components/ui/query-state';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useUi } from '../../../stores/ui-store';
import { usePageVersions, useRestorePage } from '../api/page-admin-api';

/** A page's kept versions (the newest 20), newest first; any older one can be published again. */
export function PageVersions({ page, onRestored }: { page: Page; onRestored: () => void }) {
  const versions = usePageVersions(page.slug);
  const restore = useRestorePage(page.slug);
  const confirm = useUi((state) => state.confirm);
  const showModal = useUi((state) => state.showModal);

  const onRestore = async (version: Page) => {
    const confirmed = await confirm({
      title: `Restore version ${version.version}?`,
      message: `Its words are published again as a new version; version ${page.version} stays in the history.`,
      confirmLabel: 'Restore',
    });
    if (!confirmed) return;
    restore.mutate(version.version, {
      onSuccess: (restored) => {
        showModal({
          kind: 'success',
          title: 'Version restored',
          message: `Version ${version.version} is live again as version ${restored.version}.`,
        });
        onRestored();
      },
      onError: (error) => showModal({ kind: 'error', title: 'Not restored', message: errorMessage(error) }),
    });
  };

  return (
    <section aria-labelledby="page-history" className="mt-10">
      <h2 id="page-history" className="text-lg font-semibold text-slate-900">
        History
      </h2>
      <QueryState
        query={versions}
        loadingLabel="Loading versions…"
        isEmpty={(data) => data.items.length === 0}
        empty="No saved versions yet: the page shows PODZ's default words."
      >
        {(data) => (
          <ol className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {data.items.map((version) => (
              <li
                key={version.version}
                aria-label={`Version ${version.version}`}
                className="flex flex-wrap items-center justify-between gap-2 px-4 py-3"
              >
                <span className="text-sm text-slate-800">
                  <span className="font-semibold">Version {version.version}</span>
                  {version.updatedBy ? ` by ${version.updatedBy.username}` : ''}
                  {version.updatedAt ? `, ${formatDate(version.updatedAt)}` : ''} · “{version.title}”
                </span>
                {version.version === page.version ? (
                  <span className="text-xs font-semibold text-emerald-700">Live</span>
                ) : (
                  <Button
                    variant="secondary"
                    disabled={restore.isPending}
                    onClick={() => void onRestore(version)}
                  >
                    Restore
                  </Button>
                )}
              </li>
            ))}
          </ol>
        )}
      </QueryState>
    </section>
  );
}
