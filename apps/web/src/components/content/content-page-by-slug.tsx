import 'server-only';
import { formatDateDa } from '@krone/domain';
import { getTranslator } from '@/lib/content';
import { loadPageOr404 } from '@/lib/pages';
import { ContentPageView } from './content-page';

/** A content page by slug with its "updated" line, or the 404 page when there is none. */
export async function renderContentPage(slug: string) {
  const [page, t] = await Promise.all([loadPageOr404(slug), getTranslator()]);
  return <ContentPageView page={page} updatedText={t('news.updated', { date: formatDateDa(page.updatedAt) })} />;
}
