import { badRequest } from '@podz/kit';

/**
 * The status a show or an episode is stored with: one published for a time still to come is
 * scheduled (the release clock publishes it then); one scheduled needs a time still to come, named
 * by `field` when it has none.
 */
export function releaseStatus<S extends string>(
  status: S,
  at: Date | null,
  field: string,
  now = new Date(),
): S | 'scheduled' {
  if (at && at > now) return status === 'published' ? 'scheduled' : status;
  if (status === 'scheduled') {
    throw badRequest('A scheduled release needs a time in the future', [
      { path: field, message: 'pick a time in the future, or publish now' },
    ]);
  }
  return status;
}
