import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { paginate } from './pagination';

describe('paginate', () => {
  it('uses 10 per page and 5 pages shown by default', () => {
    expect(paginate({ totalRecords: 95, currentPage: 1 })).toEqual({
      currentPage: 1,
      lastPage: 10,
      pageSize: 10,
      totalRecords: 95,
      offset: 0,
      pages: [1, 2, 3, 4, 5],
    });
  });

  it.each([
    [1, [1, 2, 3, 4, 5]],
    [3, [1, 2, 3, 4, 5]],
    [4, [2, 3, 4, 5, 6]],
    [6, [4, 5, 6, 7, 8]],
    [9, [6, 7, 8, 9, 10]],
    [10, [6, 7, 8, 9, 10]],
  ])('centres page %s of 10 where it can: %j', (currentPage, pages) => {
    expect(paginate({ totalRecords: 100, currentPage }).pages).toEqual(pages);
  });

  it('shows every page when there are fewer than the maximum', () => {
    expect(paginate({ totalRecords: 21, currentPage: 2 }).pages).toEqual([1, 2, 3]);
  });

  it('has one empty page when there are no records', () => {
    expect(paginate({ totalRecords: 0, currentPage: 3 })).toEqual({
      currentPage: 1,
      lastPage: 1,
      pageSize: 10,
      totalRecords: 0,
      offset: 0,
      pages: [1],
    });
  });

  it('clamps a page past the end to the last page', () => {
    const result = paginate({ totalRecords: 26, pageSize: 10, currentPage: 9 });
    expect(result.currentPage).toBe(3);
    expect(result.offset).toBe(20);
  });

  it('computes the offset', () => {
    expect(paginate({ totalRecords: 260, pageSize: 26, currentPage: 4 }).offset).toBe(78);
  });

  it('handles an even window', () => {
    expect(paginate({ totalRecords: 100, currentPage: 5, maxPagesShown: 4 }).pages).toEqual([3, 4, 5, 6]);
  });

  it.each([
    { pageSize: 0 },
    { pageSize: -10 },
    { pageSize: 2.5 },
    { pageSize: Number.NaN },
    { currentPage: 0 },
    { currentPage: -1 },
    { currentPage: 1.5 },
    { currentPage: Number.POSITIVE_INFINITY },
    { maxPagesShown: 0 },
    { maxPagesShown: 3.2 },
    { totalRecords: -1 },
    { totalRecords: 0.5 },
  ])('rejects %j with a RangeError', (override) => {
    expect(() => paginate({ totalRecords: 50, currentPage: 1, ...override })).toThrow(RangeError);
  });

  it('keeps its invariants for any valid input', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 1_000_000 }),
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 50 }),
        (totalRecords, pageSize, currentPage, maxPagesShown) => {
          const result = paginate({ totalRecords, pageSize, currentPage, maxPagesShown });
          const { pages, lastPage } = result;

          expect(lastPage).toBeGreaterThanOrEqual(1);
          expect((lastPage - 1) * pageSize).toBeLessThanOrEqual(Math.max(0, totalRecords - 1));
          expect(lastPage * pageSize).toBeGreaterThanOrEqual(totalRecords);
          expect(result.currentPage).toBe(Math.min(currentPage, lastPage));
          expect(result.offset).toBe((result.currentPage - 1) * pageSize);

          expect(pages.length).toBeLessThanOrEqual(maxPagesShown);
          expect(pages.length).toBe(Math.min(maxPagesShown, lastPage));
          expect(pages).toContain(result.currentPage);
          pages.forEach((page, index) => {
            expect(page).toBeGreaterThanOrEqual(1);
            expect(page).toBeLessThanOrEqual(lastPage);
            if (index > 0) expect(page).toBe(pages[index - 1]! + 1);
          });
        },
      ),
    );
  });
});
