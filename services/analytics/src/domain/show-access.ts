import { forbidden, notFound, type AuthUser } from '@podz/kit';
import type { ShowEntry } from '../data/show-directory';
import type { AnalyticsDeps } from './analytics-deps';

/** A show's figures are its owner's, its confirmed hosts' and the admins'. */
export async function readableShow(
  deps: Pick<AnalyticsDeps, 'directory'>,
  user: AuthUser,
  showId: string,
): Promise<ShowEntry> {
  const show = await deps.directory.show(showId);
  if (!show) throw notFound('Show');
  const mayRead = user.access.includes('admin') || show.ownerId === user.id || show.hostIds.includes(user.id);
  if (!mayRead) throw forbidden("Only the show's owner, its hosts and admins see its figures");
  return show;
}
