import { Link } from 'react-router-dom';
import { QueryState } from '../../../components/ui/query-state';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { usePrivateFeeds } from '../api/premium-api';

/** `/users` (admin): a member's plan as premium listening knows it, and their private feeds' state. */
export function MemberPremium({ userId, username }: { userId: string; username: string }) {
  const feeds = usePrivateFeeds(userId);
  return (
    <QueryState query={feeds}>
      {(data) => (
        <div aria-label={`Premium listening of ${username}`} className="grid gap-1 text-sm text-slate-700">
          <p>
            Premium listening: plan <span className="font-semibold">{data.plan ?? 'unknown yet'}</span>,{' '}
            {data.items.length === 0 ? 'no private feeds.' : `${data.items.length} private feeds:`}
          </p>
          {data.items.length > 0 && (
            <ul className="grid gap-1">
              {data.items.map((feed) => (
                <li key={feed.id}>
                  <Link to={paths.show.href(feed.show.uId)} className="text-indigo-700 underline">
                    {feed.show.name}
                  </Link>{' '}
                  since {formatDate(feed.createdAt)}
                  {feed.suspended ? ', suspended' : ', working'}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </QueryState>
  );
}
