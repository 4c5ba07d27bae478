export const DEFAULT_PAGE_SIZE = 10;
export const DEFAULT_MAX_PAGES_SHOWN = 5;

export interface PaginateInput {
  totalRecords: number;
  /** Default 10. */
  pageSize?: number;
  /** 1-based; clamped to the last page. */
  currentPage: number;
  /** Default 5. */
  maxPagesShown?: number;
}

export interface Pagination {
  currentPage: number;
  /** At least 1, even with no records, so there is always a page to show. */
  lastPage: number;
  pageSize: number;
  totalRecords: number;
  /** How many records precede the current page. */
  offset: number;
  /** Up to maxPagesShown consecutive page numbers around the current page, ascending. */
  pages: number[];
}

function requirePositiveInteger(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new RangeError(`${name} must be an integer greater than 0, got ${value}`);
  }
}

/** Spec §5: items per page, page and max pages shown must exceed 0. */
export function paginate({
  totalRecords,
  pageSize = DEFAULT_PAGE_SIZE,
  currentPage,
  maxPagesShown = DEFAULT_MAX_PAGES_SHOWN,
}: PaginateInput): Pagination {
  requirePositiveInteger('pageSize', pageSize);
  requirePositiveInteger('currentPage', currentPage);
  requirePositiveInteger('maxPagesShown', maxPagesShown);
  if (!Number.isSafeInteger(totalRecords) || totalRecords < 0) {
    throw new RangeError(`totalRecords must be a non-negative integer, got ${totalRecords}`);
  }

  const lastPage = Math.max(1, Math.ceil(totalRecords / pageSize));
  const page = Math.min(currentPage, lastPage);
  const windowSize = Math.min(maxPagesShown, lastPage);
  // Centre the current page, then slide the window back inside 1..lastPage.
  const firstShown = Math.max(1, Math.min(page - Math.floor(windowSize / 2), lastPage - windowSize + 1));
  return {
    currentPage: page,
    lastPage,
    pageSize,
    totalRecords,
    offset: (page - 1) * pageSize,
    pages: Array.from({ length: windowSize }, (_, index) => firstShown + index),
  };
}
