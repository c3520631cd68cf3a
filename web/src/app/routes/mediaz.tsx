import type { MediaItem } from '@podz/proto';
import { AnySelect, TextField } from '../../components/ui/field';
import { PageHeading } from '../../components/ui/page-heading';
import { Pagination } from '../../components/ui/pagination';
import { QueryState } from '../../components/ui/query-state';
import { oneOf, useFilterParams, useSearchTerm } from '../../lib/use-filter-params';
import { usePageParam } from '../../lib/use-page-param';
import { holds } from '../../lib/route-access';
import { useSession } from '../../stores/session-store';
import { useMediaPage, useStorage, type MediaKindFilter } from '../../features/media/api/media-api';
import { MediaRow } from '../../features/media/components/media-row';
import { MediaUploader } from '../../features/media/components/media-uploader';
import { NetworkLoudnessForm } from '../../features/media/components/network-loudness-form';
import { fileSize } from '../../features/media/components/media-uses';

const PAGE_SIZE = 10;

/**
 * `/mediaz` (admins: every upload; owners: their own): the media library, newest first, by kind,
 * or by file name when searching; what each uploader stores; upload with progress, play or view,
 * see where each file is used, delete what nothing uses.
 */
export default function MediazRoute() {
  const user = useSession((state) => state.user);
  const isAdmin = holds(user?.access, 'wholeNetwork');
  const { params, setFilter } = useFilterParams();
  const [page, setPage] = usePageParam();
  const kind: MediaKindFilter = oneOf(params.get('kind'), ['audio', 'image'] as const);
  const { search, term, onSearch } = useSearchTerm(params, setFilter);
  const media = useMediaPage(kind, page, PAGE_SIZE, term);
  const uploaders = media.data?.items.map((item) => item.uploadedBy) ?? [];
  // An owner's own total; an admin's, each uploader's on this page.
  const storage = useStorage(isAdmin ? uploaders : user ? [user.id] : []);
  const stored = (id: string) => {
    const kept = storage.get(id);
    return kept ? ` (${fileSize(kept.bytes)} in ${kept.files} ${kept.files === 1 ? 'file' : 'files'})` : '';
  };
  const uploaderOf = (item: MediaItem) =>
    item.uploadedBy === user?.id
      ? 'uploaded by you'
      : `uploaded by ${item.uploaderName}${stored(item.uploadedBy)}`;
  const own = user ? storage.get(user.id) : undefined;

  return (
    <>
      <PageHeading
        title="MediaZ"
        intro={isAdmin ? 'Every file uploaded to the network.' : 'The audio and images you uploaded.'}
      />
      <div className="mb-6 space-y-4 rounded-xl border border-slate-200 bg-white p-4">
        <MediaUploader kinds={['audio', 'image']} />
      </div>
      {isAdmin && <NetworkLoudnessForm />}
      {!isAdmin && own && (
        <p className="mb-4 text-sm text-slate-700">
          You store {fileSize(own.bytes)} in {own.files} {own.files === 1 ? 'file' : 'files'}.
        </p>
      )}
      <div className="mb-4 grid max-w-xl gap-4 sm:grid-cols-2">
        <TextField
          label="Search by file name"
          type="search"
          value={search}
          placeholder="Start of the name"
          onChange={(event) => onSearch(event.target.value)}
        />
        <AnySelect
          label="Kind"
          anyLabel="Audio and images"
          value={kind}
          options={[
            { value: 'audio', label: 'Audio' },
            { value: 'image', label: 'Images' },
          ]}
          onChange={(value) => setFilter('kind', value)}
        />
      </div>
      <QueryState
        query={media}
        loadingLabel="Loading files…"
        isEmpty={(data) => data.items.length === 0}
        empty={
          term
            ? `No file’s name starts with “${term}”.`
            : kind
              ? `No ${kind === 'audio' ? 'audio' : 'images'} yet.`
              : 'No files yet: upload one above.'
        }
      >
        {(data) => (
          <>
            <p className="mb-3 text-sm text-slate-600" aria-live="polite">
              {data.total} {data.total === 1 ? 'file' : 'files'}
            </p>
            <ul className="space-y-3" aria-label="Files">
              {data.items.map((item) => (
                <MediaRow key={item.id} item={item} uploader={uploaderOf(item)} />
              ))}
            </ul>
            <Pagination page={data.page} totalPages={data.totalPages} onChange={setPage} />
          </>
        )}
      </QueryState>
    </>
  );
}
