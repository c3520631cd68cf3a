import type { Paginated, Podcast } from '@podz/proto';
import { useQuery } from '@tanstack/react-query';
import { MediaUpload } from '../../components/media-upload';
import { PageHeading } from '../../components/ui/page-heading';
import { Pagination } from '../../components/ui/pagination';
import { QueryState } from '../../components/ui/query-state';
import { apiFetch } from '../../lib/api-client';
import { usePageParam } from '../../lib/use-page-param';
import { holds } from '../../lib/route-access';
import { useSession } from '../../stores/session-store';
import { useMediaPage, useRefreshMedia } from '../../features/media/api/media-api';
import { GalleryCard } from '../../features/media/components/gallery-card';
import { queryKeys } from '../../lib/query-keys';

const PAGE_SIZE = 10;

/** The caller's own shows (at most 100), to pick which one an image becomes the cover of. */
function useOwnShows() {
  return useQuery({
    queryKey: queryKeys.myShows.everything,
    queryFn: ({ signal }) => apiFetch<Paginated<Podcast>>('/api/podcasts?limit=100', { signal }),
  });
}

/**
 * `/image-gallery` (admins: every image; owners: their own): a grid of uploaded images with
 * multi-file upload, copy address, set as one of the caller's shows' cover, delete when unused.
 */
export default function ImageGalleryRoute() {
  const isAdmin = useSession((state) => holds(state.user?.access, 'wholeNetwork'));
  const [page, setPage] = usePageParam();
  const images = useMediaPage('image', page, PAGE_SIZE);
  const shows = useOwnShows();
  const refresh = useRefreshMedia();
  return (
    <>
      <PageHeading
        title="Image Gallery"
        intro={isAdmin ? 'Every image uploaded to the network.' : 'The images you uploaded.'}
      />
      <div className="mb-6 max-w-md">
        <MediaUpload kind="image" label="Upload images" multiple onUploaded={() => void refresh()} />
      </div>
      <QueryState
        query={images}
        loadingLabel="Loading images…"
        isEmpty={(data) => data.items.length === 0}
        empty="No images yet: upload some above."
      >
        {(data) => (
          <>
            <ul aria-label="Images" className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
              {data.items.map((item) => (
                <GalleryCard key={item.id} item={item} shows={shows.data?.items ?? []} />
              ))}
            </ul>
            <Pagination page={data.page} totalPages={data.totalPages} onChange={setPage} />
          </>
        )}
      </QueryState>
    </>
  );
}
