import { StaticImage as Image } from '@/components/content/static-image';
import Link from 'next/link';
import { getLandingPages, getTranslator } from '@/lib/content';
import { seoMetadata } from '@/lib/seo';

export const revalidate = 60;
export const generateMetadata = () => seoMetadata('lp');

export default async function LandingIndexPage() {
  const [t, pages] = await Promise.all([getTranslator(), getLandingPages()]);
  return (
    <>
      <h1>{t('campaign.landing_title')}</h1>
      <ul className="card-grid" data-testid="landing-list">
        {pages.map((page, index) => (
          <li key={`${page.landingType}/${page.landingById}`}>
            <Link href={`/lp/${page.landingType}/${page.landingById}`} className="card" prefetch={false}>
              <div className="card-image">
                <Image src={page.heroImage} alt="" fill sizes="(min-width: 1024px) 380px, 100vw" priority={index === 0} />
              </div>
              <div className="card-body">
                <h2>{page.title}</h2>
                <p>{page.heroText}</p>
                <span className="card-more" aria-hidden="true">
                  {t('campaign.read_more')} →
                </span>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
