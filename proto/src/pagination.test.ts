import { EPISODES_PAGE_SIZE, MAX_PAGE_SIZE } from './constants';
import { ELLIPSIS, pageWindow, paginationQuerySchema } from './pagination';

describe('pageWindow', () => {
  it('shows every page when there are five or fewer', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows nothing when there are no pages', () => {
    expect(pageWindow(1, 0)).toEqual([]);
  });

  it('shows a window with an ellipsis beyond five pages', () => {
    expect(pageWindow(1, 6)).toEqual([1, 2, 3, 4, ELLIPSIS, 6]);
    expect(pageWindow(10, 20)).toEqual([1, ELLIPSIS, 9, 10, 11, ELLIPSIS, 20]);
    expect(pageWindow(20, 20)).toEqual([1, ELLIPSIS, 17, 18, 19, 20]);
  });

  it('keeps the current page visible and the control the same width', () => {
    for (let current = 1; current <= 12; current += 1) {
      const items = pageWindow(current, 12);
      expect(items).toContain(current);
      expect(items[0]).toBe(1);
      expect(items.at(-1)).toBe(12);
      expect(items.length).toBeLessThanOrEqual(7);
    }
  });

  it('clamps a page outside the range', () => {
    expect(pageWindow(99, 6)).toEqual(pageWindow(6, 6));
    expect(pageWindow(-3, 6)).toEqual(pageWindow(1, 6));
  });
});

describe('paginationQuerySchema', () => {
  const schema = paginationQuerySchema(EPISODES_PAGE_SIZE);

  it('defaults to the first page of the list default size', () => {
    expect(schema.parse({})).toEqual({ page: 1, limit: 10 });
  });

  it('reads query strings as numbers', () => {
    expect(schema.parse({ page: '3', limit: '25' })).toEqual({ page: 3, limit: 25 });
  });

  it.each([
    { page: '0' },
    { page: 'two' },
    { limit: String(MAX_PAGE_SIZE + 1) },
    { limit: '-1' },
    { page: '1.5' },
  ])('rejects %j', (query) => {
    expect(schema.safeParse(query).success).toBe(false);
  });
});
