import { z } from 'zod';
import { httpUrlSchema } from './catalog-fields';
import { objectIdSchema } from '../ids';

/**
 * What a show's feed says beyond its name and episodes: the Podcasting 2.0 namespace's channel
 * tags (https://podcasting2.org/docs/podcast-namespace), with the namespace's limits.
 */

/** `podcast:medium` values a show may take (the namespace's list, without the "…L" list forms). */
export const FEED_MEDIUMS = ['podcast', 'music', 'video', 'film', 'audiobook', 'newsletter', 'blog'] as const;
export const FUNDING_MAX = 4;
export const TXT_MAX = 5;
export const PODROLL_MAX = 10;
export const SOUNDBITES_MAX = 5;

const shortText = (name: string, max: number) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .min(1, { error: `${name} cannot be empty` })
    .max(max, { error: `${name} has at most ${max} characters` });

export const feedSettingsSchema = z.strictObject({
  /** `podcast:funding`: where listeners support the show; PODZ's pricing page when none. */
  funding: z
    .array(z.strictObject({ url: httpUrlSchema('funding url'), title: shortText('funding title', 128) }))
    .max(FUNDING_MAX, { error: `at most ${FUNDING_MAX} funding links` }),
  /** `podcast:license`: an SPDX identifier (or a name) and, for one SPDX does not list, its URL. */
  license: z
    .strictObject({ identifier: shortText('license', 128), url: httpUrlSchema('license url').optional() })
    .nullable(),
  /** `podcast:location`: what the show is about, as a place. */
  location: z
    .strictObject({
      name: shortText('location name', 128),
      geo: z
        .string()
        .regex(/^geo:-?\d{1,2}(\.\d+)?,-?\d{1,3}(\.\d+)?(,-?\d+(\.\d+)?)?(;u=\d+(\.\d+)?)?$/, {
          error: 'geo must be a geo URI such as geo:51.5074,-0.1278',
        })
        .optional(),
      osm: z
        .string()
        .regex(/^[NWR]\d+(#\d+)?$/, { error: 'osm must be an OpenStreetMap id such as R113314' })
        .optional(),
    })
    .nullable(),
  medium: z.enum(FEED_MEDIUMS, { error: `medium must be one of ${FEED_MEDIUMS.join(', ')}` }),
  /** `podcast:txt`: free text for directories, such as an ownership verification code. */
  txt: z
    .array(
      z.strictObject({
        value: shortText('txt', 4000),
        purpose: shortText('txt purpose', 128).optional(),
      }),
    )
    .max(TXT_MAX, { error: `at most ${TXT_MAX} txt entries` }),
  /** `podcast:podroll`: other shows of the network the owner recommends. */
  podroll: z.array(objectIdSchema).max(PODROLL_MAX, { error: `at most ${PODROLL_MAX} shows` }),
  /** `podcast:updateFrequency`: how often episodes come, in words and optionally as an RRULE. */
  updateFrequency: z
    .strictObject({
      label: shortText('update frequency', 128),
      rrule: z
        .string()
        .max(256)
        .regex(/^FREQ=(DAILY|WEEKLY|MONTHLY|YEARLY)(;[A-Z]+=[A-Za-z0-9,+-]+)*$/, {
          error: 'rrule must be an iCalendar RRULE such as FREQ=WEEKLY;BYDAY=MO',
        })
        .optional(),
      complete: z.boolean().optional(),
    })
    .nullable(),
  /** `itunes:email` and `podcast:locked owner`: where directories confirm a move. */
  ownerEmail: z.email({ error: 'ownerEmail must be an email address' }).max(254).nullable(),
  /** `podcast:locked`: whether other hosts may import the feed (yes by default). */
  locked: z.boolean(),
  /** `podcast:season name`: season numbers to names. */
  seasonNames: z
    .record(
      z.string().regex(/^\d{1,5}$/, { error: 'season names are keyed by season number' }),
      shortText('season name', 128),
    )
    .refine((names) => Object.keys(names).length <= 100, { error: 'at most 100 season names' }),
  /**
   * The show moved to another host: the feed answers `301` to this URL and says so in
   * `itunes:new-feed-url`, so apps and directories follow.
   */
  newFeedUrl: httpUrlSchema('newFeedUrl').nullable(),
});
export type FeedSettings = z.infer<typeof feedSettingsSchema>;

export const DEFAULT_FEED_SETTINGS: FeedSettings = {
  funding: [],
  license: null,
  location: null,
  medium: 'podcast',
  txt: [],
  podroll: [],
  updateFrequency: null,
  ownerEmail: null,
  locked: true,
  seasonNames: {},
  newFeedUrl: null,
};

/** `PUT /api/podcasts/{id}` takes any of them under `feed`; those left out keep their value. */
export const feedSettingsUpdateSchema = feedSettingsSchema.partial();

/** `itunes:episodeType`; one `trailer` episode is also the show's `podcast:trailer`. */
export const EPISODE_TYPES = ['full', 'trailer', 'bonus'] as const;

/** `podcast:soundbite`: a moment of the episode apps can play as its preview (15–120 s). */
export const soundbiteSchema = z.strictObject({
  startTime: z.number({ error: 'startTime must be a number of seconds' }).min(0),
  duration: z
    .number({ error: 'duration must be a number of seconds' })
    .min(1, { error: 'a soundbite lasts at least a second' })
    .max(120, { error: 'a soundbite lasts at most 120 seconds' }),
  title: shortText('soundbite title', 128).optional(),
});
export type Soundbite = z.infer<typeof soundbiteSchema>;
