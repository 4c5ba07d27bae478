import { paginate } from '@krone/domain';
import Link from 'next/link';
import type { Translate } from '@/lib/i18n';

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

/**
 * The page links of one of the platform's paged lists (`{page, pageSize, total, lastPage}`: the
 * catalogue, the newest games, the game history), with the shared previous/next/page texts and the
 * list's own `nav` name.
 */
export function ListPagination({
  list,
  basePath,
  hrefFor,
  nav,
  t,
}: {
  list: { page: number; pageSize: number; total: number; lastPage: number };
  basePath: string;
  hrefFor?: (n: number) => string;
  nav: string;
  t: Translate;
}) {
  return (
    <Pagination
      basePath={basePath}
      {...(hrefFor ? { hrefFor } : {})}
      totalRecords={list.total}
      pageSize={list.pageSize}
      currentPage={list.page}
      labels={{
        nav,
        previous: t('label.previous_page'),
        next: t('label.next_page'),
        page: (n) => t('label.page_x_of_y', { current: n, total: list.lastPage }),
      }}
    />
  );
}
