import { z } from 'zod';

/** Where an episode carries inserted ads and promos, and how many it may. */
export const AD_BREAKS = {
  /** Mid-rolls at most per episode. */
  midRollsMax: 8,
  /** A mid-roll at least this far from the start and from the end (seconds), and from another. */
  midRollSpacingSeconds: 30,
} as const;

/**
 * An episode's breaks: before the audio, inside it (seconds into the content, in order) and after
 * it. Null on an episode leaves them to the network's rule (`breakRuleSchema`).
 */
export const adBreaksSchema = z.object({
  preRoll: z.boolean(),
  midRolls: z.array(z.number()),
  postRoll: z.boolean(),
});
export type AdBreaks = z.infer<typeof adBreaksSchema>;

const midRoll = z
  .number({ error: 'a mid-roll is a number of seconds' })
  .min(AD_BREAKS.midRollSpacingSeconds, {
    error: `a mid-roll is at least ${AD_BREAKS.midRollSpacingSeconds} s into the episode`,
  });

/**
 * `PUT /api/episodes/{id}/ad-breaks` (the show's owner or an admin): the breaks, sorted, or null
 * for the network's rule. A mid-roll is also at least `midRollSpacingSeconds` before the audio ends.
 */
export const adBreaksBodySchema = z.strictObject({
  adBreaks: z
    .strictObject({
      preRoll: z.boolean({ error: 'preRoll must be true or false' }),
      midRolls: z
        .array(midRoll)
        .max(AD_BREAKS.midRollsMax, { error: `at most ${AD_BREAKS.midRollsMax} mid-rolls` })
        .transform((times) => [...times].sort((a, b) => a - b))
        .refine(
          (times) =>
            times.every((t, i) => i === 0 || t - (times[i - 1] ?? t) >= AD_BREAKS.midRollSpacingSeconds),
          { error: `mid-rolls are at least ${AD_BREAKS.midRollSpacingSeconds} s apart` },
        ),
      postRoll: z.boolean({ error: 'postRoll must be true or false' }),
    })
    .nullable(),
});
export type AdBreaksBody = z.infer<typeof adBreaksBodySchema>;

/**
 * The network's rule for episodes whose owner set no breaks (the back catalogue included): a
 * pre-roll, a post-roll, and a mid-roll at the first silence after `midRollAfter` of the episode
 * (none when null).
 */
export const breakRuleSchema = z.strictObject({
  preRoll: z.boolean({ error: 'preRoll must be true or false' }),
  midRollAfter: z
    .number({ error: 'midRollAfter is a share of the episode, 0 to 1' })
    .gt(0, { error: 'midRollAfter is more than 0' })
    .lt(1, { error: 'midRollAfter is less than 1' })
    .nullable(),
  postRoll: z.boolean({ error: 'postRoll must be true or false' }),
});
export type BreakRule = z.infer<typeof breakRuleSchema>;

export const DEFAULT_BREAK_RULE: BreakRule = { preRoll: true, midRollAfter: 0.4, postRoll: false };

/** What a show's owner is paid of what the ads in its episodes earn, unless admins say otherwise. */
export const DEFAULT_OWNER_SHARE_PERCENT = 50;

const ownerSharePercent = z
  .number({ error: 'ownerSharePercent must be a number' })
  .int({ error: 'ownerSharePercent is a whole percent' })
  .min(0, { error: 'ownerSharePercent is 0 to 100' })
  .max(100, { error: 'ownerSharePercent is 0 to 100' });

/**
 * The network's insertion settings (`GET`/`PUT /api/ads/settings`, admins): whether a show that
 * chose nothing carries inserted audio, the rule for episodes whose owner set no breaks, and the
 * share of ad revenue paid to a show's owner (settings saved before it existed read the default).
 */
export const adSettingsSchema = z.object({
  insertByDefault: z.boolean(),
  rule: breakRuleSchema,
  ownerSharePercent: ownerSharePercent.default(DEFAULT_OWNER_SHARE_PERCENT),
});
export type AdSettings = z.infer<typeof adSettingsSchema>;

export const adSettingsBodySchema = z.strictObject({
  insertByDefault: z.boolean({ error: 'insertByDefault must be true or false' }).optional(),
  rule: breakRuleSchema.optional(),
  ownerSharePercent: ownerSharePercent.optional(),
});
export type AdSettingsBody = z.infer<typeof adSettingsBodySchema>;

export const DEFAULT_AD_SETTINGS: AdSettings = {
  insertByDefault: false,
  rule: DEFAULT_BREAK_RULE,
  ownerSharePercent: DEFAULT_OWNER_SHARE_PERCENT,
};
