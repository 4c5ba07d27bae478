import { StaticImage as Image } from '@/components/content/static-image';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { ContentMissing, getLandingPage, getTranslator, isSlug } from '@/lib/content';
import { seoMetadata } from '@/lib/seo';
import { isBuiltRoute } from '@/lib/built-routes';
import { richText } from '@/lib/rich-text';

export const revalidate = 60;
export const dynamicParams = true;
export const generateStaticParams = async () => [];

type Props = { params: Promise<{ landingType: string; landingById: string }> };

async function loadLanding(landingType: string, landingById: string) {
  if (!isSlug(landingType) || !isSlug(landingById)) notFound();
  try {
    return await getLandingPage(landingType, landingById);
  } catch (error) {
    if (error instanceof ContentMissing && error.status < 500) notFound();
    throw error;
  }
}

export async function generateMetadata({ params }: Props) {
  const { landingType, landingById } = await params;
  if (!isSlug(landingType) || !isSlug(landingById)) return {};
  try {
    const page = await getLandingPage(landingType, landingById);
    return seoMetadata('lp', { title: page.title, description: page.heroText });
  } catch {
    return {};
  }
}

/** A landing page stands alone: no header or wallpaper, its own hero instead (spec §2). */
export default async function LandingPage({ params }: Props) {
  const { landingType, landingById } = await params;
  const [page, t] = await Promise.all([loadLanding(landingType, landingById), getTranslator()]);
  return (
    <article>
      <div className="hero-slide landing-hero">
        <Image src={page.heroImage} alt="" fill priority sizes="100vw" />
        <div className="hero-caption">
          <h1>{page.title}</h1>
          <p>{page.heroText}</p>
          <ul>
            {page.bullets.map((bullet) => (
              <li key={bullet}>{bullet}</li>
            ))}
          </ul>
          {isBuiltRoute(page.ctaUrl) ? (
            <Link href={page.ctaUrl} className="btn btn-primary" prefetch={false}>
              {page.ctaText}
            </Link>
          ) : null}
        </div>
      </div>
      <div className="panel section">
        <div className="rich-text" dangerouslySetInnerHTML={richText(page.body)} />
        <h2>{t('campaign.terms')}</h2>
        <div className="rich-text" dangerouslySetInnerHTML={richText(page.terms)} />
      </div>
    </article>
  );
}
