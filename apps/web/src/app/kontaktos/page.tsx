import type { Metadata } from 'next';
import { ContactForm } from '@/components/contact/contact-form';
import { ContactInfo, toContactSections } from '@/components/contact/contact-info';
import { getContactSender } from '@/lib/contact-sender';
import styles from '@/components/contact/contact.module.css';
import { CONTACT_TEXT_KEYS } from '@/lib/contact-validation';
import { getSystemConfig, getTranslator } from '@/lib/content';
import { pickTranslations } from '@/lib/i18n';
import { seoMetadata } from '@/lib/seo';

export async function generateMetadata(): Promise<Metadata> {
  return seoMetadata('kontaktos');
}

async function contactSections() {
  try {
    return toContactSections(await getSystemConfig('contact_form_content'));
  } catch {
    // The form works without the operator's texts beside it.
    return [];
  }
}

/**
 * /kontaktos: the contact form (guest or player variant) beside the operator's contact texts.
 * Rendered per request: a logged-in player gets the player variant, prefilled.
 */
export default async function ContactPage() {
  const [t, sections, sender] = await Promise.all([getTranslator(), contactSections(), getContactSender()]);
  const player = sender.kind === 'player' ? sender : null;
  return (
    <div className={`${styles.page} theme-contact_form`}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('contact_us.title')}</h1>
        <p className={styles.intro}>{t('contact_us.intro')}</p>
      </header>
      <div className={styles.layout}>
        <ContactForm
          kind={sender.kind}
          title={t(player ? 'contact_us.player_title' : 'contact_us.guest_title')}
          initial={{ name: player?.name ?? '', email: player?.email ?? '' }}
          texts={pickTranslations(t, CONTACT_TEXT_KEYS)}
        />
        <ContactInfo sections={sections} label={t('contact_us.title')} />
      </div>
    </div>
  );
}
