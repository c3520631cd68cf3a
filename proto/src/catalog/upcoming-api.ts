import { z } from 'zod';
import { objectIdSchema } from '../ids';
import { episodeSchema } from './episode-api';

/** The most upcoming releases one answer holds, of each kind (shows, episodes). */
export const UPCOMING_MAX = 50;

/**
 * `GET /api/episodes/upcoming` (podcasters): what goes live next across every show the caller
 * owns, soonest first: shows scheduled for their first publication and scheduled episodes.
 */
export const upcomingReleasesSchema = z.object({
  shows: z.array(
    z.object({
      id: objectIdSchema,
      uId: z.string(),
      name: z.string(),
      logoPath: z.string(),
      publishAt: z.string(),
    }),
  ),
  episodes: z.array(episodeSchema),
});
export type UpcomingReleases = z.infer<typeof upcomingReleasesSchema>;
