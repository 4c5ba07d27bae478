import { formatDateDa } from '@krone/domain';
import { CampaignCard } from '@/components/content/cards';
import { getCampaigns, getTranslator } from '@/lib/content';
import { seoMetadata } from '@/lib/seo';

export const revalidate = 60;
export const generateMetadata = () => seoMetadata('kampagner');

export default async function CampaignsPage() {
  const [t, campaigns] = await Promise.all([getTranslator(), getCampaigns()]);
  return (
    <>
      <h1>{t('campaign.title')}</h1>
      <p className="page-intro">{t('campaign.intro')}</p>
      {campaigns.length === 0 ? (
        <p className="panel">{t('campaign.empty')}</p>
      ) : (
        <ul className="card-grid" data-testid="campaign-list">
          {campaigns.map((item, index) => (
            <li key={item.campaignId}>
              <CampaignCard
                item={item}
                readMore={t('campaign.read_more')}
                validUntil={t('campaign.valid_until', { date: formatDateDa(item.endsAt) })}
                endedLabel={t('campaign.expired')}
                priority={index === 0}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
