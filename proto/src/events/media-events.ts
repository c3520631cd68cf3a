import { z } from 'zod';
import { objectIdSchema } from '../ids';
import { defineEvent } from './define-event';
import { TOPICS } from './topics';

const ID = '64b7f0c2a1b2c3d4e5f60718';

// Upload events: key and subject = upload id.
export const audioRendered = defineEvent({
  type: 'podz.media.audio.rendered',
  topic: TOPICS.mediaUpload,
  source: 'media',
  description:
    "An audio upload's house-format rendition is ready (levelled): what feeds and players serve from now on in place of `original`. Catalog moves every episode whose audio is `original` onto it.",
  data: z.object({
    uploadId: objectIdSchema,
    /** The upload's own file, as episodes named it until now. */
    original: z.string(),
    rendition: z.object({
      url: z.string(),
      type: z.literal('audio/mpeg'),
      bytes: z.number().int(),
      durationSeconds: z.number(),
    }),
  }),
  example: {
    uploadId: ID,
    original: `/media/audio/${ID}.wav`,
    rendition: {
      url: `/media/audio/${ID}.house.mp3`,
      type: 'audio/mpeg',
      bytes: 57_600_417,
      durationSeconds: 3600.03,
    },
  },
});

export const MEDIA_UPLOAD_EVENTS = [audioRendered] as const;
