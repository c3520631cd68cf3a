import { useSearchParams } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { PageHeading } from '../../components/ui/page-heading';
import { QueryState } from '../../components/ui/query-state';
import { errorMessage } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { useUi } from '../../stores/ui-store';
import { useDeleteDoc, useDoc, useDocList } from '../../features/docs/api/docs-api';
import { DocEditor } from '../../features/docs/components/doc-editor';
import { DocBody } from '../../features/docs/components/doc-view';

/**
 * `/documentation` (admin): the network's handbook. The pages on the left; the open one on the
 * right, read, edited in markdown with a preview, or deleted. The API reference is generated from
 * the code and read only. Which page is open, and whether it is being edited, is in the URL.
 */
export default function DocumentationRoute() {
  const [params, setParams] = useSearchParams();
  const list = useDocList();
  const open = params.get('doc') ?? list.data?.items[0]?.slug;
  const mode = params.get('mode');
  const doc = useDoc(mode === 'new' ? undefined : open);
  const remove = useDeleteDoc();
  const confirm = useUi((state) => state.confirm);
  const showModal = useUi((state) => state.showModal);

  const go = (slug: string | undefined, nextMode?: 'edit' | 'new') => {
    const next = new URLSearchParams();
    if (slug) next.set('doc', slug);
    if (nextMode) next.set('mode', nextMode);
    setParams(next);
  };
  const onDelete = async (slug: string, title: string) => {
    if (!(await confirm({ title: 'Delete page?', message: `“${title}” will be deleted for every admin.` })))
      return;
    remove.mutate(slug, {
      onSuccess: () => {
        showModal({ kind: 'success', title: 'Page deleted', message: `“${title}” is gone.` });
        go(undefined);
      },
      onError: (error) => showModal({ kind: 'error', title: 'Not deleted', message: errorMessage(error) }),
    });
  };

  return (
    <>
      <PageHeading
        title="Documentation"
        intro="How the network runs, for its admins."
        actions={<Button onClick={() => go(undefined, 'new')}>New page</Button>}
      />
      <div className="grid gap-6 md:grid-cols-[14rem_1fr]">
        <nav aria-label="Documentation pages">
          <QueryState query={list} isEmpty={(data) => data.items.length === 0} empty="No pages yet.">
            {(data) => (
              <ul className="space-y-1">
                {data.items.map((item) => (
                  <li key={item.slug}>
                    <button
                      type="button"
                      aria-current={item.slug === open && mode !== 'new' ? 'page' : undefined}
                      className={`w-full rounded-md px-3 py-2 text-left text-sm ${item.slug === open && mode !== 'new' ? 'bg-indigo-50 font-semibold text-indigo-800' : 'text-slate-700 hover:bg-slate-100'}`}
                      onClick={() => go(item.slug)}
                    >
                      {item.title}
                      {item.generated && (
                        <span className="block text-xs text-slate-600">Generated, read only</span>
                      )}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
        </nav>
        <section aria-label="Page" className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
          {mode === 'new' ? (
            <DocEditor onDone={(slug) => go(slug)} />
          ) : !open ? (
            <p className="text-slate-600">Pick a page, or write a new one.</p>
          ) : (
            <QueryState query={doc} loadingLabel="Loading the page…">
              {(page) =>
                mode === 'edit' && !page.generated ? (
                  <DocEditor key={page.slug} doc={page} onDone={(slug) => go(slug)} />
                ) : (
                  <>
                    <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
                      <div>
                        <h2 className="text-xl font-bold text-slate-900">{page.title}</h2>
                        <p className="text-sm text-slate-600">
                          {page.generated
                            ? 'Generated from the code of this release: every route and event.'
                            : `Last changed ${formatDate(page.updatedAt)}${page.updatedBy ? ` by ${page.updatedBy.username}` : ''}`}
                        </p>
                      </div>
                      {!page.generated && (
                        <div className="flex gap-2">
                          <Button variant="secondary" onClick={() => go(page.slug, 'edit')}>
                            Edit
                          </Button>
                          <Button variant="danger" onClick={() => void onDelete(page.slug, page.title)}>
                            Delete
                          </Button>
                        </div>
                      )}
                    </div>
                    <DocBody html={page.html} toc={page.toc} />
                  </>
                )
              }
            </QueryState>
          )}
        </section>
      </div>
    </>
  );
}
