import { useSearchParams } from 'react-router-dom';
import { SelectField } from '../../components/ui/field';
import { PageHeading } from '../../components/ui/page-heading';
import { Pagination } from '../../components/ui/pagination';
import { QueryState } from '../../components/ui/query-state';
import { usePageParam } from '../../lib/use-page-param';
import { useSession } from '../../stores/session-store';
import { useMediaPage, type MediaKindFilter } from '../../features/media/api/media-api';
import { useUploaderNames } from '../../features/media/api/uploaders';
import { MediaRow } from '../../features/media/components/media-row';
import { MediaUploader } from '../../features/media/components/media-uploader';

const PAGE_SIZE = 10;

/**
 * `/mediaz` (admins: every upload; owners: their own): the media library, newest first, by kind;
 * upload with progress, play or view, see where each file is used, delete what nothing uses.
 */
export default function MediazRoute() {
  const user = useSession((state) => state.user);
  const isAdmin = user?.access.includes('admin') ?? false;
  const [params, setParams] = useSearchParams();
  const [page, setPage] = usePageParam();
  const kindParam = params.get('kind');
  const kind: MediaKindFilter = kindParam === 'audio' || kindParam === 'image' ? kindParam : undefined;
  const media = useMediaPage(kind, page, PAGE_SIZE);
  const names = useUploaderNames(isAdmin ? (media.data?.items.map((item) => item.uploadedBy) ?? []) : []);
  const uploaderOf = (id: string) =>
    id === user?.id ? 'uploaded by you' : `uploaded by ${names.get(id) ?? '…'}`;

  return (
    <>
      <PageHeading
        title="MediaZ"
        intro={isAdmin ? 'Every file uploaded to the network.' : 'The audio and images you uploaded.'}
      />
      <div className="mb-6 space-y-4 rounded-xl border border-slate-200 bg-white p-4">
        <MediaUploader kinds={['audio', 'image']} />
      </div>
      <div className="mb-4 max-w-xs">
        <SelectField
          label="Kind"
          value={kind ?? 'any'}
          options={[
            { value: 'any', label: 'Audio and images' },
            { value: 'audio', label: 'Audio' },
            { value: 'image', label: 'Images' },
          ]}
          onChange={(event) => setParams(event.target.value === 'any' ? {} : { kind: event.target.value })}
        />
      </div>
      <QueryState
        query={media}
        loadingLabel="Loading files…"
        isEmpty={(data) => data.items.length === 0}
        empty={kind ? `No ${kind === 'audio' ? 'audio' : 'images'} yet.` : 'No files yet: upload one above.'}
      >
        {(data) => (
          <>
            <p className="mb-3 text-sm text-slate-600" aria-live="polite">
              {data.total} {data.total === 1 ? 'file' : 'files'}
            </p>
            <ul className="space-y-3" aria-label="Files">
              {data.items.map((item) => (
                <MediaRow key={item.id} item={item} uploader={uploaderOf(item.uploadedBy)} />
              ))}
            </ul>
            <Pagination page={data.page} totalPages={data.totalPages} onChange={setPage} />
          </>
        )}
      </QueryState>
    </>
  );
}
