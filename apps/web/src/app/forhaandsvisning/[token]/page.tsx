import { formatDateDa } from '@krone/domain';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ContentPageView } from '@/components/content/content-page';
import { NewsArticle, type NewsArticleData } from '@/components/content/news-article';
import { CampaignArticle, CampaignCta } from '@/components/content/campaign-article';
import { LandingView } from '@/components/content/landing-view';
import { getTranslator, imageUrl } from '@/lib/content';
import { platformNoStore } from '@/lib/platform';

/**
 * An editor's draft as the storefront will show it (docs/backoffice.md, "Content"): the back office
 * links here with the draft's preview token, good for an hour. Never cached, never indexed; the
 * page says it is a preview.
 */
export const dynamic = 'force-dynamic';
export const metadata: Metadata = { robots: { index: false, follow: false } };

type Props = { params: Promise<{ token: string }> };

export default async function PreviewPage({ params }: Props) {
  const { token } = await params;
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) notFound();
  const [answer, t] = await Promise.all([
    platformNoStore.GET('/CMScasino/preview/{token}', { params: { path: { token } } }),
    getTranslator(),
  ]);
  const draft = answer.data?.data;
  if (!draft) notFound();
  const data = draft.data as Record<string, unknown>;
  const banner = (
    <p className="preview-banner" role="status" data-testid="preview-banner">
      {t('news.preview_banner')}
    </p>
  );
  if (draft.kind === 'page') {
    const page = { title: String(data.title ?? ''), body: String(data.body ?? ''), updatedAt: new Date().toISOString() };
    return (
      <>
        {banner}
        <ContentPageView page={page} updatedText={t('news.updated', { date: formatDateDa(page.updatedAt) })} />
      </>
    );
  }
  if (draft.kind === 'news') {
    const item = data as unknown as NewsArticleData;
    return (
      <>
        {banner}
        <NewsArticle item={{ ...item, image: imageUrl(item.image) ?? '' }} t={t} />
      </>
    );
  }
  if (draft.kind === 'campaign') {
    const item = data as unknown as Parameters<typeof CampaignArticle>[0]['item'];
    const campaign = { ...item, image: imageUrl(item.image) ?? '', active: new Date(item.endsAt) > new Date() };
    return (
      <>
        {banner}
        <CampaignArticle item={campaign} t={t} action={campaign.active ? <CampaignCta item={campaign} /> : null} />
      </>
    );
  }
  if (draft.kind === 'landing') {
    const page = data as unknown as Parameters<typeof LandingView>[0]['page'];
    return (
      <>
        {banner}
        <LandingView page={{ ...page, heroImage: imageUrl(page.heroImage) ?? '' }} t={t} />
      </>
    );
  }
  notFound();
}
