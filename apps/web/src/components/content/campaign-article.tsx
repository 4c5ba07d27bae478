import { formatDateDa } from '@krone/domain';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { StaticImage as Image } from '@/components/content/static-image';
import { isBuiltRoute } from '@/lib/built-routes';
import type { CampaignDetail } from '@/lib/content';
import type { Translate } from '@/lib/i18n';
import { richText } from '@/lib/rich-text';

type Campaign = Pick<CampaignDetail, 'title' | 'subLine' | 'image' | 'body' | 'terms' | 'endsAt' | 'active' | 'ctaText' | 'ctaUrl'>;

/** A campaign's own call to action (its button), when it links to a page of the site. */
export function CampaignCta({ item }: { item: Pick<Campaign, 'ctaText' | 'ctaUrl'> }) {
  if (!isBuiltRoute(item.ctaUrl)) return null;
  return (
    <p>
      <Link href={item.ctaUrl} className="btn btn-primary" prefetch={false}>
        {item.ctaText}
      </Link>
    </p>
  );
}

/**
 * A campaign's page body: its image, how long it runs, title, text, the action (its offer, its
 * tournament or its button) and its terms. The live page and an editor's preview show it alike.
 */
export function CampaignArticle({ item, t, action }: { item: Campaign; t: Translate; action: ReactNode }) {
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
      {action}
      <section aria-labelledby="campaign-terms">
        <h2 id="campaign-terms">{t('campaign.terms')}</h2>
        <div className="rich-text" dangerouslySetInnerHTML={richText(item.terms)} />
      </section>
    </article>
  );
}
