import { DEFAULT_MOBILE_COUNTRY_CODE, defaultMobileCountryChoices } from '@krone/domain';
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { AuthError } from '@/components/players/auth-error';
import styles from '@/components/players/players.module.css';
import { RegistrationDetailsForm, type MobileProvider } from '@/components/players/registration-details-form';
import { RegistrationTermsForm } from '@/components/players/registration-terms-form';
import { getSystemConfig, getTranslator, imageUrl } from '@/lib/content';
import { pickTranslations } from '@/lib/i18n';
import { loadRegistration } from '@/lib/registration';
import { seoMetadata } from '@/lib/seo';
import { loadProfile } from '@/lib/session';
import { richText, sanitizeRichText } from '@/lib/rich-text';
import { parseAgeRange, type AgePopupContent, type AgeRange } from '@/lib/age-popup';
import { RememberedAgePopup } from '@/components/players/age-popup';

export async function generateMetadata(): Promise<Metadata> {
  return { ...(await seoMetadata('registrer')), robots: { index: false } };
}

const FORM_TEXT_KEYS = [
  'register.cpr_label',
  'register.cpr_placeholder',
  'register.cpr_help',
  'register.first_name_label',
  'register.first_name_placeholder',
  'register.last_name_label',
  'register.last_name_placeholder',
  'register.email_label',
  'register.email_placeholder',
  'register.mobile_label',
  'register.mobile_placeholder',
  'register.country_code_label',
  'register.bonus_title',
  'register.bonus_text',
  'register.bonus_accept',
  'register.bonus_decline',
  'register.bonus_terms_short',
  'register.accept_terms',
  'register.terms_link_text',
  'register.privacy_link_text',
  'register.step_limit_title',
  'register.step_limit_description',
  'register.limit_intro',
  'register.limit_period_label',
  'register.limit_amount_label',
  'register.limit_custom_label',
  'register.limit_custom_placeholder',
  'register.limit_tip',
  'register.creating_account',
  'limitations.period_day',
  'limitations.period_week',
  'limitations.period_month',
  'limitations.period_year',
  'btn.continue',
  'btn.done',
  'btn.close',
  'btn.loading',
  'validation.cpr_required',
  'validation.cpr_digits',
  'validation.cpr_invalid_date',
  'validation.first_name_required',
  'validation.last_name_required',
  'validation.email_required',
  'validation.email_invalid',
  'validation.mobile_required',
  'validation.mobile_digits',
  'validation.invalid_input',
  'validation.terms_required',
  'validation.required',
  'validation.period_required',
  'validation.limit_required',
  'validation.custom_limit_required',
  'validation.amount_invalid',
  'authentication.generic_error',
  'authentication.under_min_age',
  'authentication.cpr_mitid_mismatch',
  'authentication.cpr_not_validated',
  'authentication.email_registered',
] as const;

type Search = Promise<Record<string, string | string[] | undefined>>;

/**
 * /registrer: step one is MitID (with why we use it), step two the CPR and contact details, step
 * three the terms and the welcome bonus, and the deposit-limit step when the bonus is declined.
 * Where a registration stands is kept by the platform; this page shows the step it is at.
 */
export default async function RegisterPage({ searchParams }: { searchParams: Search }) {
  const search = await searchParams;
  const errorCode = typeof search.fejl === 'string' ? search.fejl : null;
  const [t, registration, profile, content, providers, extra, agePopup] = await Promise.all([
    getTranslator(),
    loadRegistration(),
    loadProfile(),
    getSystemConfig<{ title?: string; content?: string }>('register_content').catch(() => undefined),
    getSystemConfig<MobileProvider[]>('mobileProviders').catch(() => undefined),
    getSystemConfig<{ title?: string; content?: string }>('registration_extra_content').catch(() => undefined),
    loadAgePopup(),
  ]);
  if (profile) redirect('/');
  const state = registration.state;
  const step = state ? (state.step === 'details' ? 2 : 3) : 1;
  const texts = pickTranslations(t, FORM_TEXT_KEYS);
  const shownError = errorCode ?? (registration.expired ? 'REGISTRATION_EXPIRED' : null);

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('register.title')}</h1>
      <p className={styles.steps} data-testid="registration-step">
        {t('register.step_label', { current: step, total: 3 })}
      </p>
      <AuthError code={shownError} t={t} />
      {step === 1 ? (
        <>
          <p className={styles.intro}>{t('register.intro')}</p>
          <section className={styles.card} aria-labelledby="register-step1">
            <h2 id="register-step1">{t('register.step1_title')}</h2>
            <p className={styles.muted}>{t('register.age_requirement')}</p>
            <a
              className={`${styles.providerButton} ${styles.mitid}`}
              href="/api/auth/mitid/start?purpose=register"
              data-testid="register-mitid"
            >
              {t('register.mitid_button')}
            </a>
            <p className={styles.help}>{t('register.rofus_check_note')}</p>
          </section>
          {extra?.content ? (
            // The MitID security explanation as the content writes it (registration_extra_content); our own words when it fails.
            <section className={styles.card} aria-labelledby="register-why-mitid" data-testid="registration-extra">
              <h2 id="register-why-mitid">{extra.title ?? t('register.mitid_security_title')}</h2>
              <div className="rich-text" dangerouslySetInnerHTML={richText(extra.content)} />
            </section>
          ) : (
            <section className={styles.card} aria-labelledby="register-why-mitid">
              <h2 id="register-why-mitid">{t('register.mitid_security_title')}</h2>
              <p className={styles.muted}>{t('register.mitid_security_intro')}</p>
              <ul className={styles.points}>
                <li>{t('register.mitid_security_point_1')}</li>
                <li>{t('register.mitid_security_point_2')}</li>
                <li>{t('register.mitid_security_point_3')}</li>
              </ul>
            </section>
          )}
          {agePopup ? <RememberedAgePopup content={agePopup.content} closeText={t('btn.close')} /> : null}
          {content?.content ? <section className={`${styles.card} rich-text`} dangerouslySetInnerHTML={richText(content.content)} /> : null}
          <section className={styles.card}>
            <h2>{t('register.already_have_account')}</h2>
            <a className="btn btn-outline" href="/log-ind">
              {t('register.login_here')}
            </a>
          </section>
        </>
      ) : step === 2 ? (
        <section className={styles.card} aria-labelledby="register-step2">
          <h2 id="register-step2">{t('register.step2_title')}</h2>
          <p className={styles.muted}>{t('register.step2_description')}</p>
          <RegistrationDetailsForm
            prefill={state!.prefill}
            providers={
              providers?.length ? providers : defaultMobileCountryChoices().filter((choice) => choice.code === DEFAULT_MOBILE_COUNTRY_CODE)
            }
            texts={texts}
            agePopup={agePopup}
          />
        </section>
      ) : (
        <section className={styles.card} aria-labelledby="register-step3">
          <h2 id="register-step3">{t('register.step3_title')}</h2>
          <p className={styles.muted}>{t('register.step3_description')}</p>
          <RegistrationTermsForm texts={texts} />
        </section>
      )}
    </div>
  );
}

/**
 * The age popup's content and rule from the content's configs (agePopupContent, agePopupLogo,
 * agePopupMedia, minmaxAgePopup, minAge). Without its text there is no popup: the refusal's own
 * words then say it.
 */
async function loadAgePopup(): Promise<{ content: AgePopupContent; range: AgeRange; minAge: number } | null> {
  const quiet = <T,>(name: string) => getSystemConfig<T>(name).catch(() => undefined);
  const [text, logo, media, range, minAge] = await Promise.all([
    quiet<{ title?: string; content?: string; button_text?: string; button_link?: string }>('agePopupContent'),
    quiet<string>('agePopupLogo'),
    quiet<{ type?: string; url?: string; alt?: string }>('agePopupMedia'),
    quiet<string>('minmaxAgePopup'),
    quiet<number>('minAge'),
  ]);
  if (!text?.title || !text.content) return null;
  const limit = typeof minAge === 'number' && Number.isInteger(minAge) && minAge > 0 ? minAge : 21;
  // Only a link inside the site: the popup sends a young person to our own pages, not away.
  const link = typeof text.button_link === 'string' && /^\/(?!\/)/.test(text.button_link) ? text.button_link : '';
  return {
    content: {
      title: text.title,
      content: sanitizeRichText(text.content),
      buttonText: text.button_text ?? '',
      buttonLink: link,
      logo: typeof logo === 'string' && logo ? imageUrl(logo) : null,
      media: media?.type === 'image' && media.url ? { url: imageUrl(media.url), alt: media.alt ?? '' } : null,
    },
    range: parseAgeRange(range, limit),
    minAge: limit,
  };
}
