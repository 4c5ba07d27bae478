import Link from 'next/link';
import { StaticImage as Image } from '@/components/content/static-image';
import { isBuiltRoute } from '@/lib/built-routes';
import type { LandingDetail } from '@/lib/content';
import type { Translate } from '@/lib/i18n';
import { richText } from '@/lib/rich-text';

/** A landing page's body: its hero (title, text, points, the call to action) and its text and terms; the live page and an editor's preview show it alike. */
export function LandingView({
  page,
  t,
}: {
  page: Pick<LandingDetail, 'title' | 'heroText' | 'heroImage' | 'bullets' | 'ctaText' | 'ctaUrl' | 'body' | 'terms'>;
  t: Translate;
}) {
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
