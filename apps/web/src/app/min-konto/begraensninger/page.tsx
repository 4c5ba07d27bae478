import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { LimitsManager } from '@/components/players/limits-manager';
import styles from '@/components/players/players.module.css';
import { LIMITS_TEXT_KEYS } from '@/components/players/text-keys';
import { getTranslator } from '@/lib/content';
import { pickTranslations } from '@/lib/i18n';
import { loadLimits } from '@/lib/limits';

export const metadata: Metadata = { robots: { index: false } };

/**
 * /min-konto/begraensninger (login required): the player's deposit limits with what is left and
 * what waits, changing them, a pause and closure (spec §2, §4, §8 "saved correctly").
 */
export default async function LimitsPage() {
  const [t, limits] = await Promise.all([getTranslator(), loadLimits()]);
  if (!limits) redirect('/log-ind?redirect=%2Fmin-konto%2Fbegraensninger');
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('limitations.title')}</h1>
      <p className={styles.intro}>{t('limitations.intro')}</p>
      <LimitsManager initial={limits} texts={pickTranslations(t, LIMITS_TEXT_KEYS)} />
      <section className={styles.card} aria-labelledby="limits-help">
        <h2 id="limits-help">{t('limitations.self_exclusion_title')}</h2>
        <p className={styles.muted}>{t('limitations.self_exclusion_intro')}</p>
        <p className={styles.muted}>
          <a href="https://www.rofus.nu" target="_blank" rel="noopener noreferrer">
            {t('limitations.rofus_link')}
            <span className="visually-hidden"> ({t('btn.open_in_new_tab')})</span>
          </a>
        </p>
        <h2>{t('limitations.help_title')}</h2>
        <p className={styles.muted}>{t('limitations.help_text')}</p>
      </section>
    </div>
  );
}
