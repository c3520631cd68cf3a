import { z } from 'zod';
import { episodeSchema, showSummarySchema } from './episode-api';

/** The most upcoming releases one answer holds, of each kind (shows, episodes). */
export const UPCOMING_MAX = 50;

/**
 * `GET /api/episodes/upcoming` (podcasters): what goes live next across every show the caller
 * owns, soonest first: shows scheduled for their first publication and scheduled episodes.
 */
export const upcomingReleasesSchema = z.object({
  shows: z.array(showSummarySchema.extend({ publishAt: z.string() })),
  episodes: z.array(episodeSchema),
});
export type UpcomingReleases = z.infer<typeof upcomingReleasesSchema>;
