import { formatDateDa } from '@krone/domain';
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { NotificationSettings } from '@/components/players/notification-settings';
import styles from '@/components/players/players.module.css';
import { getTranslator } from '@/lib/content';
import { pickTranslations } from '@/lib/i18n';
import { loadProfile } from '@/lib/session';

export const metadata: Metadata = { robots: { index: false } };

/** /min-konto/profil: the player's own data and their choice of offers (login required). */
export default async function ProfilePage() {
  const [t, profile] = await Promise.all([getTranslator(), loadProfile()]);
  if (!profile) redirect('/log-ind?redirect=%2Fmin-konto%2Fprofil');
  const info = profile.userInfo;
  return (
    <div className={`${styles.page} ${styles.wide}`}>
      <h1 className={styles.title}>{t('profile.title')}</h1>
      <p className={styles.intro}>{t('profile.intro')}</p>
      <section className={styles.card} aria-labelledby="profile-personal">
        <h2 id="profile-personal">{t('profile.personal_info')}</h2>
        <dl className={styles.facts} data-testid="profile-personal">
          <dt>{t('profile.name')}</dt>
          <dd>{[info.firstName, info.middleName, info.lastName].filter(Boolean).join(' ')}</dd>
          <dt>{t('profile.birthday')}</dt>
          <dd>{formatDateDa(`${info.birthday}T12:00:00Z`)}</dd>
          <dt>{t('profile.customer_id')}</dt>
          <dd>{info.userId.slice(0, 8).toUpperCase()}</dd>
          <dt>{t('profile.registered')}</dt>
          <dd>{formatDateDa(info.registered)}</dd>
        </dl>
        <p className={styles.help}>{t('profile.address_from_cpr')}</p>
      </section>
      <section className={styles.card} aria-labelledby="profile-contact">
        <h2 id="profile-contact">{t('profile.contact_info')}</h2>
        <dl className={styles.facts}>
          <dt>{t('profile.email')}</dt>
          <dd>{info.email}</dd>
          <dt>{t('profile.mobile')}</dt>
          <dd>
            {info.mobileCC} {info.mobileNo}
          </dd>
        </dl>
      </section>
      <section className={styles.card} aria-labelledby="profile-notifications">
        <h2 id="profile-notifications">{t('profile.notifications_title')}</h2>
        <p className={styles.muted}>{t('profile.notifications_intro')}</p>
        <NotificationSettings
          initial={{ emailNotify: info.emailNotify === 1, smsNotify: info.smsNotify === 1 }}
          texts={pickTranslations(t, ['profile.email_notify', 'profile.sms_notify', 'profile.notifications_saved', 'profile.save_error', 'btn.save', 'btn.loading'])}
        />
      </section>
    </div>
  );
}
