import { catalogueKeys, defaultMobileCountryChoices, formatDateDa } from '@krone/domain';
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { AddressForm } from '@/components/players/address-form';
import { ContactChangeForm } from '@/components/players/contact-change-form';
import { ADDRESS_TEXT_KEYS } from '@/components/players/text-keys';
import { DocumentsSection, type DocumentType } from '@/components/players/documents-section';
import { NotificationSettings } from '@/components/players/notification-settings';
import type { MobileProvider } from '@/components/players/registration-details-form';
import styles from '@/components/players/players.module.css';
import { WINNERS_OPT_OUT_TEXT_KEYS } from '@/components/winners/text-keys';
import { WinnersOptOut } from '@/components/winners/winners-opt-out';
import { authErrorView } from '@/lib/auth-errors';
import { getSystemConfig, getTranslator } from '@/lib/content';
import { pickTranslations } from '@/lib/i18n';
import { loadProfile } from '@/lib/session';

export const metadata: Metadata = { robots: { index: false } };

/** /min-konto/profil: the player's own data and their choice of offers (login required). */
type Search = Promise<Record<string, string | string[] | undefined>>;

/** Refusals of a contact change after MitID, by the platform's code. */
const CHANGE_ERRORS: Readonly<Record<string, string>> = catalogueKeys('CONFIRMATION_MISMATCH', 'EMAIL_TAKEN');

export default async function ProfilePage({ searchParams }: { searchParams: Search }) {
  const [t, profile, providers, documentTypes, search] = await Promise.all([
    getTranslator(),
    loadProfile(),
    getSystemConfig<MobileProvider[]>('mobileProviders').catch(() => undefined),
    getSystemConfig<DocumentType[]>('optionUploadFile').catch(() => undefined),
    searchParams,
  ]);
  if (!profile) redirect('/log-ind?redirect=%2Fmin-konto%2Fprofil');
  const info = profile.userInfo;
  const errorCode = typeof search.fejl === 'string' ? search.fejl.slice(0, 60) : null;
  const changeError = errorCode ? (CHANGE_ERRORS[errorCode] ?? authErrorView(errorCode)?.messageKey ?? 'profile.save_error') : null;
  return (
    <div className={`${styles.page} ${styles.wide}`}>
      <h1 className={styles.title}>{t('profile.title')}</h1>
      <p className={styles.intro}>{t('profile.intro')}</p>
      {search.opdateret === '1' ? (
        <p className={`${styles.alert} ${styles.success}`} role="status" data-testid="profile-updated">
          {t('profile.contact_updated')}
        </p>
      ) : null}
      {changeError ? (
        <p className={styles.alert} role="alert" data-testid="profile-error">
          {t(changeError)}
        </p>
      ) : null}
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
      <section className={styles.card} aria-labelledby="profile-address-title">
        <h2 id="profile-address-title">{t('profile.address_title')}</h2>
        <p className={styles.help}>{t('profile.address_intro')}</p>
        <AddressForm
          initial={{ address1: info.address1, address2: info.address2, zip: info.zip, city: info.city }}
          texts={pickTranslations(t, ADDRESS_TEXT_KEYS)}
        />
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
        <ContactChangeForm
          initial={{ email: info.email, mobileCc: info.mobileCC, mobileNo: info.mobileNo }}
          providers={providers ?? defaultMobileCountryChoices()}
          texts={pickTranslations(t, [
            'profile.edit_contact',
            'profile.confirm_intro',
            'profile.save_and_confirm',
            'profile.save_error',
            'register.email_label',
            'register.country_code_label',
            'register.mobile_label',
            'validation.email_required',
            'validation.email_invalid',
            'validation.mobile_required',
            'validation.mobile_digits',
            'validation.invalid_input',
            'authentication.email_registered',
            'btn.cancel',
            'btn.loading',
          ])}
        />
      </section>
      <section className={styles.card} aria-labelledby="profile-documents">
        <h2 id="profile-documents">{t('profile.documents_title')}</h2>
        <p className={styles.muted}>{t('profile.documents_intro')}</p>
        <DocumentsSection
          types={Array.isArray(documentTypes) ? documentTypes : []}
          texts={pickTranslations(t, [
            'profile.document_type_label',
            'profile.document_type_placeholder',
            'profile.card_photo_help',
            'profile.file_label',
            'profile.file_help',
            'profile.selected_files',
            'profile.upload_button',
            'profile.uploading',
            'profile.upload_success',
            'profile.upload_error',
            'profile.too_many_files',
            'profile.uploaded_documents',
            'profile.no_documents',
            'profile.uploaded_at',
            'profile.rejected_reason',
            'profile.status_received',
            'profile.status_in_review',
            'profile.status_approved',
            'profile.status_rejected',
            'validation.document_type_required',
            'validation.file_required',
            'validation.file_too_large',
            'btn.loading',
          ])}
        />
      </section>
      <section className={styles.card} aria-labelledby="profile-notifications">
        <h2 id="profile-notifications">{t('profile.notifications_title')}</h2>
        <p className={styles.muted}>{t('profile.notifications_intro')}</p>
        <NotificationSettings
          initial={{ emailNotify: info.emailNotify === 1, smsNotify: info.smsNotify === 1 }}
          texts={pickTranslations(t, [
            'profile.email_notify',
            'profile.sms_notify',
            'profile.notifications_saved',
            'profile.save_error',
            'btn.save',
            'btn.loading',
          ])}
        />
      </section>
      <section className={styles.card} aria-labelledby="profile-winners">
        <h2 id="profile-winners">{t('profile.winners_title')}</h2>
        <p className={styles.muted}>{t('profile.winners_intro')}</p>
        <WinnersOptOut initial={profile.winnersOptOut} texts={pickTranslations(t, WINNERS_OPT_OUT_TEXT_KEYS)} />
      </section>
    </div>
  );
}
