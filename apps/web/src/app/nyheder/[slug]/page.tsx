import { formatDateTimeDa } from '@krone/domain';
import { StaticImage as Image } from '@/components/content/static-image';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { ContentMissing, getNews, getTranslator, isSlug } from '@/lib/content';
import { seoMetadata } from '@/lib/seo';
import { richText } from '@/lib/rich-text';

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
  return (
    <article className="panel">
      <Link href="/nyheder" className="back-link">
        ← {t('news.back_to_list')}
      </Link>
      <div className="article-hero">
        <Image src={item.image} alt="" fill priority sizes="(min-width: 1200px) 1160px, 100vw" />
      </div>
      <h1>{item.title}</h1>
      {item.showDateTime ? (
        <p className="card-meta">
          <time dateTime={item.publicDate}>{t('news.published', { date: formatDateTimeDa(item.publicDate) })}</time>
        </p>
      ) : null}
      <p className="page-intro">{item.subLine}</p>
      <div className="rich-text" dangerouslySetInnerHTML={richText(item.body)} />
    </article>
  );
}
