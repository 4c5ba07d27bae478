import { NewsArticle } from '@/components/content/news-article';
import { notFound } from 'next/navigation';
import { ContentMissing, getNews, getTranslator, isSlug } from '@/lib/content';
import { seoMetadata } from '@/lib/seo';

export const revalidate = 60;
export const dynamicParams = true;
export const generateStaticParams = async () => [];

type Props = { params: Promise<{ slug: string }> };

/** News detail: any failure or a result other than 1 is a 404 (spec §8). */
async function loadNews(slug: string) {
  if (!isSlug(slug)) notFound();
  try {
    return await getNews(slug);
  } catch (error) {
    if (error instanceof ContentMissing && error.status < 500) notFound();
    throw error;
  }
}

export async function generateMetadata({ params }: Props) {
  const { slug } = await params;
  if (!isSlug(slug)) return {};
  try {
    const item = await getNews(slug);
    return seoMetadata(`nyheder/${slug}`, { title: item.title, description: item.subLine });
  } catch {
    return {};
  }
}

export default async function NewsDetailPage({ params }: Props) {
  const { slug } = await params;
  const [item, t] = await Promise.all([loadNews(slug), getTranslator()]);
  return <NewsArticle item={item} t={t} />;
}
