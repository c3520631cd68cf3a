import { z } from 'zod';

/** The twenty episode and show categories of spec §3, in the spec's order. */
export const EPISODE_CATEGORIES = [
  'News and Politics',
  'Entrepreneurship and investing',
  'Health and fitness',
  'TV & film',
  'Religion and spirituality',
  'Society & culture',
  'Kids and family',
  'Comedy',
  'Sports',
  'Music',
  'Science',
  'Technology',
  'Business',
  'History',
  'Personal growth',
  'Fiction',
  'Arts',
  'Crime',
  'Education',
  'Leisure',
] as const;

export const categorySchema = z.enum(EPISODE_CATEGORIES);
export type Category = z.infer<typeof categorySchema>;
