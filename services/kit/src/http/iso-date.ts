/** A stored date as the API answers it: ISO 8601, or null when there is none. */
export const isoOrNull = (date: Date | string | null | undefined): string | null =>
  date ? new Date(date).toISOString() : null;
