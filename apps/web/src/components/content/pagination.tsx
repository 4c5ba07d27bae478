import { paginate } from '@krone/domain';
import Link from 'next/link';

/** Page links (spec §9: 10 a page, 5 page links shown) for a list at `basePath?side=N`. */
export function Pagination({
  basePath,
  totalRecords,
  pageSize,
  currentPage,
  labels,
  hrefFor,
}: {
  basePath: string;
  /** The address of page n, for a list whose address carries more than the page. */
  hrefFor?: (n: number) => string;
  totalRecords: number;
  pageSize: number;
  currentPage: number;
  labels: { nav: string; previous: string; next: string; page: (n: number) => string };
}) {
  const page = paginate({ totalRecords, pageSize, currentPage, maxPagesShown: 5 });
  if (page.lastPage <= 1) return null;
  const href = hrefFor ?? ((n: number) => (n === 1 ? basePath : `${basePath}?side=${n}`));
  return (
    <nav className="pagination" aria-label={labels.nav}>
      <ul>
        {page.currentPage > 1 ? (
          <li>
            <Link href={href(page.currentPage - 1)} rel="prev" aria-label={labels.previous}>
              ‹
            </Link>
          </li>
        ) : null}
        {page.pages.map((n) => (
          <li key={n}>
            {n === page.currentPage ? (
              <span aria-current="page" aria-label={labels.page(n)}>
                {n}
              </span>
            ) : (
              <Link href={href(n)} aria-label={labels.page(n)}>
                {n}
              </Link>
            )}
          </li>
        ))}
        {page.currentPage < page.lastPage ? (
          <li>
            <Link href={href(page.currentPage + 1)} rel="next" aria-label={labels.next}>
              ›
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
