/**
 * Each PODZ category as an Apple Podcasts category (and subcategory where one fits better), the
 * values `itunes:category` must use.
 */
export const APPLE_CATEGORIES: Record<string, [string, string?]> = {
  'News and Politics': ['News', 'Politics'],
  'Entrepreneurship and investing': ['Business', 'Entrepreneurship'],
  'Health and fitness': ['Health & Fitness', 'Fitness'],
  'TV & film': ['TV & Film'],
  'Religion and spirituality': ['Religion & Spirituality', 'Spirituality'],
  'Society & culture': ['Society & Culture'],
  'Kids and family': ['Kids & Family'],
  Comedy: ['Comedy'],
  Sports: ['Sports'],
  Music: ['Music'],
  Science: ['Science'],
  Technology: ['Technology'],
  Business: ['Business'],
  History: ['History'],
  'Personal growth': ['Education', 'Self-Improvement'],
  Fiction: ['Fiction'],
  Arts: ['Arts'],
  Crime: ['True Crime'],
  Education: ['Education'],
  Leisure: ['Leisure'],
};

/** The PODZ category an imported feed's Apple categories point to, if any does. */
export function podzCategoryOf(appleCategories: string[]): string | undefined {
  for (const entry of appleCategories) {
    const [top, sub] = entry.split('>').map((part) => part.trim().toLowerCase());
    const exact = Object.entries(APPLE_CATEGORIES).find(
      ([, [t, s]]) => t.toLowerCase() === top && (s ?? '').toLowerCase() === (sub ?? ''),
    );
    const byTop = Object.entries(APPLE_CATEGORIES).find(([, [t, s]]) => t.toLowerCase() === top && !s);
    const match = exact ?? byTop;
    if (match) return match[0];
  }
  return undefined;
}
