import { z } from 'zod';
import { objectIdSchema } from '../ids';
import { AD_POSITIONS } from './campaign-api';

/** `GET /media/inserted/{file}`: an audio file's name, as in `/media/audio/{file}`. */
export const insertedParamsSchema = z.object({
  file: z.string().regex(/^[A-Za-z0-9._-]{1,100}$/, { error: 'Not an audio file' }),
});

/**
 * What was joined into the file the asking listener hears (the same listener identity and UTC day
 * as their audio request, so the same decision): each creative's place on their file's timeline,
 * for PODZ's own players to confirm what was played. Empty for a plain file.
 */
export const insertedAdsSchema = z.object({
  ads: z.array(
    z.object({
      campaignId: objectIdSchema,
      creativeId: objectIdSchema,
      position: z.enum(AD_POSITIONS),
      /** Seconds into the listener's file. */
      startSeconds: z.number().min(0),
      endSeconds: z.number().min(0),
    }),
  ),
});
export type InsertedAds = z.infer<typeof insertedAdsSchema>;
