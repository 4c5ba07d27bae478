import { formatDateDa } from '@krone/domain';
import { StaticImage as Image } from '@/components/content/static-image';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { ContentMissing, getCampaign, getTranslator, isSlug } from '@/lib/content';
import { seoMetadata } from '@/lib/seo';
import { isBuiltRoute } from '@/lib/built-routes';
import { richText } from '@/lib/rich-text';

export const revalidate = 60;
export const dynamicParams = true;
export const generateStaticParams = async () => [];

type Props = { params: Promise<{ slug: string }> };

async function loadCampaign(slug: string) {
  if (!isSlug(slug)) notFound();
  try {
    return await getCampaign(slug);
  } catch (error) {
    if (error instanceof ContentMissing && error.status < 500) notFound();
    throw error;
  }
}

export async function generateMetadata({ params }: Props) {
  const { slug } = await params;
  if (!isSlug(slug)) return {};
  try {
    const item = await getCampaign(slug);
    return seoMetadata(`kampagner/${slug}`, { title: item.title, description: item.subLine });
  } catch {
    return {};
  }
}

/** A campaign on its own page: the header and wallpaper stay hidden here (spec §2). */
export default async function CampaignPage({ params }: Props) {
  const { slug } = await params;
  const [item, t] = await Promise.all([loadCampaign(slug), getTranslator()]);
  return (
    <article className="panel">
      <Link href="/kampagner" className="back-link">
        ← {t('campaign.back_to_list')}
      </Link>
      <div className="article-hero">
        <Image src={item.image} alt="" fill priority sizes="(min-width: 1200px) 1160px, 100vw" />
      </div>
      <p className="card-meta">
        {item.active ? (
          t('campaign.valid_until', { date: formatDateDa(item.endsAt) })
        ) : (
          <span className="badge">{t('campaign.expired')}</span>
        )}
      </p>
      <h1>{item.title}</h1>
      <p className="page-intro">{item.subLine}</p>
      <div className="rich-text" dangerouslySetInnerHTML={richText(item.body)} />
      {item.active && isBuiltRoute(item.ctaUrl) ? (
        <p>
          <Link href={item.ctaUrl} className="btn btn-primary" prefetch={false}>
            {item.ctaText}
          </Link>
        </p>
      ) : null}
      <section aria-labelledby="campaign-terms">
        <h2 id="campaign-terms">{t('campaign.terms')}</h2>
        <div className="rich-text" dangerouslySetInnerHTML={richText(item.terms)} />
      </section>
    </article>
  );
}
