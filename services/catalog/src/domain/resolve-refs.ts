import { badRequest, forbidden, notFound, type AuthUser } from '@podz/kit';
import type { UserRef } from '@podz/proto';
import type { CatalogDeps } from './catalog-deps';

/** Users named by id in a body: every one must be known, or the request names the unknown ones. */
export async function knownUsers(
  deps: Pick<CatalogDeps, 'users'>,
  ids: string[],
  field: string,
): Promise<UserRef[]> {
  const unique = [...new Set(ids)];
  const users = await deps.users.findMany(unique);
  const missing = unique.filter((_, i) => !users[i]);
  if (missing.length) {
    throw badRequest(
      `${field} names users that do not exist`,
      missing.map((id) => ({ path: field, message: `no user ${id}` })),
    );
  }
  return users as UserRef[];
}

/** An uploaded file the caller may use (their own, or any for an admin), as media knows it. */
export async function uploadedMedia(
  deps: Pick<CatalogDeps, 'uploads'>,
  user: AuthUser,
  id: string,
  kind: 'audio' | 'image',
  field: string,
) {
  const media = await deps.uploads.find(id);
  if (!media || media.kind !== kind) throw notFound(kind === 'audio' ? 'Audio upload' : 'Image upload');
  if (media.uploadedBy !== user.id && !user.access.includes('admin')) {
    throw forbidden(`${field} names an upload of someone else`);
  }
  return media;
}
