import { Link } from 'react-router-dom';
import { QueryState } from '../../../components/ui/query-state';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { usePrivateFeeds } from '../api/premium-api';
import { PrivateFeedLink } from './private-feed-panel';

/** `/settings`: every private feed the member holds, each with its link, apps and reset. */
export function MyPrivateFeeds() {
  const feeds = usePrivateFeeds();
  return (
    <QueryState
      query={feeds}
      isEmpty={(data) => data.items.length === 0}
      empty="No private feeds yet: a show with premium episodes offers yours on its page."
    >
      {(data) => (
        <ul className="grid gap-4">
          {data.items.map((feed) => (
            <li key={feed.id} className="rounded-lg border border-slate-200 bg-white p-4">
              <p className="mb-2 text-sm text-slate-700">
                <Link to={paths.show.href(feed.show.uId)} className="font-semibold text-indigo-700 underline">
                  {feed.show.name}
                </Link>{' '}
                · since {formatDate(feed.createdAt)}
              </p>
              <PrivateFeedLink feed={feed} podcastId={feed.podcastId} />
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}
