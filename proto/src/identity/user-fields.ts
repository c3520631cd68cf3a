import { z } from 'zod';
import { ACCESS_VALUES } from '../access-values';
import { accessSchema } from '../access';

/** Shown for a user without a picture of their own (spec §3); served by the web app. */
export const DEFAULT_PROFILE_PICTURE = '/images/default-profile.svg';

/** Everyone starts on this plan; plan names and prices are the content service's (spec §9: not shown). */
export const DEFAULT_PLAN = 'free';

export const USERNAME_RULES = { min: 3, max: 30 } as const;
export const PASSWORD_RULES = { min: 8, maxBytes: 72 } as const;
export const BIO_MAX = 500;
export const LINKS_MAX = 5;

/** Names the people pages use for themselves (`/people/hosts`), so no person's page can be there. */
export const RESERVED_USERNAMES = ['hosts', 'guests', 'crew'] as const;

export const usernameSchema = z
  .string({ error: 'username must be a string' })
  .trim()
  .min(USERNAME_RULES.min, { error: `username must be at least ${USERNAME_RULES.min} characters` })
  .max(USERNAME_RULES.max, { error: `username must be at most ${USERNAME_RULES.max} characters` })
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, {
    error:
      'username may contain letters, digits, dots, dashes and underscores, and must start with a letter or digit',
  })
  .refine((name) => !(RESERVED_USERNAMES as readonly string[]).includes(name.toLowerCase()), {
    error: 'this username is taken by a page of the site',
  });

/** `GET /api/users/name/{username}`: a person's public profile by their name (any case). */
export const usernameParamsSchema = z.object({
  username: z.string().min(1).max(USERNAME_RULES.max, { error: 'No such person' }),
});

export const emailSchema = z
  .email({ error: 'email must be a valid email address' })
  .max(254, { error: 'email is too long' })
  .transform((value) => value.toLowerCase());

/**
 * A password PODZ accepts: long enough, with a letter and a digit, and short enough for bcrypt,
 * which ignores everything after 72 bytes (so two long passwords could otherwise collide).
 */
export const passwordSchema = z
  .string({ error: 'password must be a string' })
  .min(PASSWORD_RULES.min, { error: `password must be at least ${PASSWORD_RULES.min} characters` })
  .refine((value) => new TextEncoder().encode(value).length <= PASSWORD_RULES.maxBytes, {
    error: `password must be at most ${PASSWORD_RULES.maxBytes} bytes`,
  })
  .refine((value) => /\p{L}/u.test(value) && /\p{N}/u.test(value), {
    error: 'password must contain at least one letter and one digit',
  });

/** A picture URL: an absolute http(s) URL or a path on this site. */
export const pictureSchema = z
  .string({ error: 'profilePicture must be a string' })
  .max(500, { error: 'profilePicture is too long' })
  .refine((value) => /^\/[^/\\]/.test(value) || /^https?:\/\/[^\s]+$/.test(value), {
    error: 'profilePicture must be an http(s) URL or a path on this site',
  });

export const linkSchema = z
  .string({ error: 'links must be strings' })
  .max(300, { error: 'a link is at most 300 characters' })
  .regex(/^https?:\/\/[^\s]+$/, { error: 'links must be http(s) URLs' });

export const planSchema = z.string({ error: 'plan must be a string' }).regex(/^[a-z0-9][a-z0-9-]{0,39}$/, {
  error: 'plan must be a short lowercase name (letters, digits, dashes)',
});

/** An access list as an admin sets it: known values, no repeats, at least one. */
export const accessListSchema = z
  .array(accessSchema, { error: `access must be a list of: ${ACCESS_VALUES.join(', ')}` })
  .min(1, { error: 'access needs at least one value' })
  .max(ACCESS_VALUES.length)
  .transform((values) => [...new Set(values)]);
