import { NewsListPage } from '@/components/content/news-list-page';
import { seoMetadata } from '@/lib/seo';

// Page 1 of the news list. `/nyheder?side=N` is rewritten to /nyheder/side/N (next.config.ts),
// so every page is served from the cache like this one.
export const revalidate = 60;
export const generateMetadata = () => seoMetadata('nyheder');

export default function NewsPage() {
  return <NewsListPage currentPage={1} />;
}
