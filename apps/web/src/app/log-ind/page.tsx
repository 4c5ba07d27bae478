import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { AuthError } from '@/components/players/auth-error';
import { CprCheckForm, type CprCheckContent } from '@/components/players/cpr-check-form';
import { CPR_CHECK_TEXT_KEYS } from '@/components/players/text-keys';
import styles from '@/components/players/players.module.css';
import { getSystemConfig, getTranslator } from '@/lib/content';
import { seoMetadata } from '@/lib/seo';
import { pickTranslations } from '@/lib/i18n';
import { loadRegistration } from '@/lib/registration';
import { loadProfile } from '@/lib/session';
import { readMobilePaySettings, safeRedirectPath } from '@krone/domain';
import { richText } from '@/lib/rich-text';

export async function generateMetadata(): Promise<Metadata> {
  return { ...(await seoMetadata('log-ind')), robots: { index: false } };
}

type Search = Promise<Record<string, string | string[] | undefined>>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? null;

/** /log-ind: MitID or MobilePay (spec §1), the operator's login text, and any refusal in Danish. */
export default async function LoginPage({ searchParams }: { searchParams: Search }) {
  const search = await searchParams;
  const back = safeRedirectPath(first(search.redirect));
  const error = first(search.fejl);
  const [t, content, profile, mobilePaySetting] = await Promise.all([
    getTranslator(),
    getSystemConfig<{ title?: string; content?: string }>('login_content').catch(() => undefined),
    loadProfile(),
    getSystemConfig<unknown>('settingMobilePay').catch(() => undefined),
  ]);
  if (profile && !error) redirect(back ?? '/');
  const query = back ? `&redirect=${encodeURIComponent(back)}` : '';
  // MobilePay login as the operator's settingMobilePay has it (login_enabled).
  const mobilePay = readMobilePaySettings(mobilePaySetting).loginEnabled;
  // After a MitID login with no account (the platform's answer `cpr-check`): the CPR check first.
  const cprCheck = !profile && first(search.trin) === 'cpr' ? await loadCprCheck() : null;
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('login.title')}</h1>
      <p className={styles.intro}>{back ? t('login.login_required') : t('login.intro')}</p>
      <AuthError code={error ?? (cprCheck?.expired ? 'LOGIN_EXPIRED' : null)} t={t} redirect={back} />
      {cprCheck?.content ? (
        <CprCheckForm content={cprCheck.content} redirect={back} texts={pickTranslations(t, CPR_CHECK_TEXT_KEYS)} />
      ) : null}
      {cprCheck?.content ? null : (
        <section className={styles.card} aria-labelledby="login-mitid">
          <h2 id="login-mitid">{t('authentication.mitid_title')}</h2>
          <p className={styles.muted}>{t('login.mitid_description')}</p>
          <a
            className={`${styles.providerButton} ${styles.mitid}`}
            href={`/api/auth/mitid/start?purpose=login${query}`}
            data-testid="login-mitid"
          >
            {t('login.mitid_button')}
          </a>
          {mobilePay ? (
            <>
              <p className={styles.muted}>{t('login.or')}</p>
              <p className={styles.muted}>{t('login.mobilepay_description')}</p>
              <a
                className={`${styles.providerButton} ${styles.mobilepay}`}
                href={`/api/auth/mobilepay/start?purpose=login${query}`}
                data-testid="login-mobilepay"
              >
                {t('login.mobilepay_button')}
              </a>
            </>
          ) : null}
        </section>
      )}
      {content?.content ? <section className={`${styles.card} rich-text`} dangerouslySetInnerHTML={richText(content.content)} /> : null}
      <section className={styles.card}>
        <h2>{t('login.no_account')}</h2>
        <a className="btn btn-outline" href="/registrer">
          {t('login.create_account')}
        </a>
      </section>
    </div>
  );
}

/**
 * The CPR check's content (`verifycpr_loginnoacc`, its HTML sanitised here) while this browser
 * holds the registration the MitID login opened; `expired` when it no longer does.
 */
async function loadCprCheck(): Promise<{ content: CprCheckContent | null; expired: boolean }> {
  const [registration, config] = await Promise.all([
    loadRegistration(),
    getSystemConfig<Omit<CprCheckContent, 'contentHtml'> & { content?: string }>('verifycpr_loginnoacc').catch(() => undefined),
  ]);
  if (!registration.state) return { content: null, expired: true };
  const { content, ...words } = config ?? {};
  return { content: { ...words, contentHtml: content ? richText(content).__html : undefined }, expired: false };
}
