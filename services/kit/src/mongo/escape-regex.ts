/** `value` as a literal inside a regular expression (a prefix search in the store's fallback reads). */
export const escapeRegex = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
