'use client';

import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  checkDepositLimit,
  DepositLimitFields,
  EMPTY_LIMIT,
  registrationLimitLabels,
  type DepositLimitValue,
} from '@/components/players/deposit-limit-fields';
import styles from '@/components/players/players.module.css';
import { usePost } from '@/components/players/use-post';
import { textsTranslator } from '@/lib/i18n';

/**
 * The deposit pages' first step for a player with no deposit limit yet (one who took the welcome
 * bonus at registration, where the limit step comes only with a declined bonus): the Danish rule
 * is that every player chooses a limit before the first deposit, so the deposit form comes after
 * it. The same choices as the registration step and the limits page; a first limit applies at once.
 */
export function FirstLimitStep({ texts, children }: { texts: Record<string, string>; children: ReactNode }) {
  const t = textsTranslator(texts);
  const [limit, setLimit] = useState<DepositLimitValue>(EMPTY_LIMIT);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const { busy, post } = usePost();
  const savedRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (saved) savedRef.current?.focus();
  }, [saved]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkDepositLimit(limit);
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    setAlert(null);
    const answer = await post('/api/limits/deposit', { period: checked.period, amountOre: checked.amountOre });
    if (answer.ok) setSaved(true);
    else setAlert(answer.body.message ?? t('limitations.save_error'));
  }

  if (saved) {
    return (
      <>
        <p className={styles.success} role="status" tabIndex={-1} ref={savedRef} data-testid="first-limit-saved">
          {t('deposit.first_limit_saved')}
        </p>
        {children}
      </>
    );
  }
  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="first-limit">
      <h2>{t('deposit.first_limit_title')}</h2>
      <p className={styles.muted}>{t('deposit.first_limit_intro')}</p>
      {alert ? (
        <div className={styles.alert} role="alert">
          {alert}
        </div>
      ) : null}
      <DepositLimitFields value={limit} onChange={setLimit} errors={errors} texts={texts} labels={registrationLimitLabels(t)} />
      <p className={styles.help}>{t('register.limit_tip')}</p>
      <button type="submit" className={styles.submit} aria-disabled={busy || undefined} disabled={busy}>
        {busy ? <span className={styles.spinner} aria-hidden="true" /> : null}
        {busy ? t('btn.loading') : t('deposit.first_limit_save')}
      </button>
    </form>
  );
}
