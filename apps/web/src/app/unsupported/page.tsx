import type { Metadata } from 'next';
import { parseUnsupportedReason, unsupportedMessageKey } from '@/lib/unsupported';
import { getTranslator } from '@/lib/content';
import styles from './unsupported.module.css';

export const metadata: Metadata = {
  robots: { index: false, follow: false },
};

export default async function UnsupportedPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  // The page must show even when the platform is down: the key is better than an error page.
  const [{ reason }, t] = await Promise.all([searchParams, getTranslator()]);
  const messageKey = unsupportedMessageKey(parseUnsupportedReason(reason));

  // Plain HTML and CSS only: the browsers sent here may not run the site's scripts.
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="unsupported-title">
        <h1 id="unsupported-title" className={styles.title}>
          {t('keywords.unsupported_title')}
        </h1>
        <p className={styles.message}>{t(messageKey)}</p>
        <p className={styles.help}>{t('keywords.unsupported_help')}</p>
      </section>
    </div>
  );
}
