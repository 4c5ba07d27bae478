import { DEFAULT_PAGE_SIZE } from '@krone/domain';
import { NewsCard } from '@/components/content/cards';
import { Pagination } from '@/components/content/pagination';
import { getNewsList, getTranslator } from '@/lib/content';
import { seoMetadata } from '@/lib/seo';

export const generateMetadata = () => seoMetadata('nyheder');

type Props = { searchParams: Promise<{ side?: string }> };

/** `?side=N` to a page number; anything else is page 1. */
function pageNumber(value: string | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}

export default async function NewsPage({ searchParams }: Props) {
  const currentPage = pageNumber((await searchParams).side);
  const [t, page] = await Promise.all([getTranslator(), getNewsList({ PageSize: DEFAULT_PAGE_SIZE, CurrentPage: currentPage })]);
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
              <NewsCard item={item} readMore={t('news.read_more')} priority={index < 2} />
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
