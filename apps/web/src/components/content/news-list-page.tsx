import 'server-only';
import { DEFAULT_PAGE_SIZE } from '@krone/domain';
import { notFound } from 'next/navigation';
import { NewsCard } from '@/components/content/cards';
import { Pagination } from '@/components/content/pagination';
import { getNewsList, getTranslator } from '@/lib/content';

/** One page of the news list (spec §9: 10 a page, 5 page links); a page past the end is a 404. */
export async function NewsListPage({ currentPage }: { currentPage: number }) {
  const [t, page] = await Promise.all([getTranslator(), getNewsList({ PageSize: DEFAULT_PAGE_SIZE, CurrentPage: currentPage })]);
  if (page.currentPage !== currentPage) notFound();
  return (
    <>
      <h1>{t('news.title')}</h1>
      <p className="page-intro">{t('news.intro')}</p>
      {page.data.length === 0 ? (
        <p className="panel">{t('news.empty')}</p>
      ) : (
        <ul className="card-grid" data-testid="news-list">
          {page.data.map((item, index) => (
            <li key={item.newsId}>
              <NewsCard item={item} readMore={t('news.read_more')} priority={index === 0} />
            </li>
          ))}
        </ul>
      )}
      <Pagination
        basePath="/nyheder"
        totalRecords={page.totalRecords}
        pageSize={page.pageSize}
        currentPage={page.currentPage}
        labels={{
          nav: t('label.pagination'),
          previous: t('label.previous_page'),
          next: t('label.next_page'),
          page: (n) => t('label.page_x_of_y', { current: n, total: page.lastPage }),
        }}
      />
    </>
  );
}
