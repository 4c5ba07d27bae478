import 'server-only';
import { formatDateDa } from '@krone/domain';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ContentPageView } from '@/components/content/content-page';
import { ContentMissing, getPage, getTranslator, isSlug } from './content';
import { seoMetadata } from './seo';

/** A content page by slug, or the 404 page when there is none (never a 500 for a bad slug). */
export async function loadPageOr404(slug: string) {
  if (!isSlug(slug)) notFound();
  try {
    return await getPage(slug);
  } catch (error) {
    if (error instanceof ContentMissing && error.status === 404) notFound();
    throw error;
  }
}

export async function contentPageMetadata(slug: string): Promise<Metadata> {
  if (!isSlug(slug)) return {};
  try {
    const page = await getPage(slug);
    return seoMetadata(slug, { title: page.title, description: page.metaDescription || undefined });
  } catch {
    return {};
  }
}

export async function renderContentPage(slug: string) {
  const [page, t] = await Promise.all([loadPageOr404(slug), getTranslator()]);
  return <ContentPageView page={page} updatedText={t('news.updated', { date: formatDateDa(page.updatedAt) })} />;
}
