import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGINATION_ALL_PAGES_MAX } from './constants';

export const ELLIPSIS = 'ellipsis' as const;
export type PageWindowItem = number | typeof ELLIPSIS;

/**
 * The page numbers a pagination control shows (spec §5): every page when there are
 * PAGINATION_ALL_PAGES_MAX or fewer; otherwise the first and last page, the current page with its
 * neighbours, and an ellipsis wherever pages are left out.
 */
export function pageWindow(currentPage: number, totalPages: number): PageWindowItem[] {
  if (totalPages <= 0) return [];
  const current = Math.min(Math.max(1, Math.trunc(currentPage)), totalPages);
  if (totalPages <= PAGINATION_ALL_PAGES_MAX) {
    return Array.from({ length: totalPages }, (_, index) => index + 1);
  }
  // Near either end the window widens so the control keeps the same number of slots.
  const start = current <= 3 ? 2 : current >= totalPages - 2 ? totalPages - 3 : current - 1;
  const end = current <= 3 ? 4 : current >= totalPages - 2 ? totalPages - 1 : current + 1;
  const items: PageWindowItem[] = [1];
  if (start > 2) items.push(ELLIPSIS);
  for (let page = start; page <= end; page += 1) items.push(page);
  if (end < totalPages - 1) items.push(ELLIPSIS);
  items.push(totalPages);
  return items;
}

/** `?page&limit` of every paginated list; `defaultLimit` is the list's own default page size. */
export function paginationQuerySchema(defaultLimit: number) {
  return z.object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(defaultLimit),
  });
}

/** The shape of every paginated answer. */
export function paginatedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int().min(1),
    limit: z.number().int().min(1),
    total: z.number().int().min(0),
    totalPages: z.number().int().min(0),
  });
}

export interface Paginated<T> {
  items: T[];
  page: number;
  limit: number;
  total: number;
  totalPages: number;
}

/** Builds a paginated answer from one page of items and the total count. */
export function paginated<T>(items: T[], total: number, page: number, limit: number): Paginated<T> {
  return { items, page, limit, total, totalPages: Math.ceil(total / limit) };
}
