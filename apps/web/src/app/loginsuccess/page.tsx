import type { Metadata } from 'next';
import { safeRedirectPath } from '@krone/domain';
import { LoginSuccess } from '@/components/players/login-success';
import styles from '@/components/players/players.module.css';
import { getTranslator } from '@/lib/content';

export const metadata: Metadata = { robots: { index: false } };

type Search = Promise<Record<string, string | string[] | undefined>>;

/** /loginsuccess: the broker's round trip is over; the player goes on to where they were headed. */
export default async function LoginSuccessPage({ searchParams }: { searchParams: Search }) {
  const search = await searchParams;
  const next = safeRedirectPath(typeof search.redirect === 'string' ? search.redirect : null) ?? '/';
  const t = await getTranslator();
  const fresh = search.ny === '1';
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{fresh ? t('register.success_title') : t('login.success_title')}</h1>
      <p className={styles.intro} role="status">
        {fresh ? t('register.success_text') : t('login.success_text')}
      </p>
      <LoginSuccess next={next} delayMs={fresh ? 2500 : 800} label={t('btn.continue')} kind={fresh ? 'registration' : 'login'} />
    </div>
  );
}
