'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { textsTranslator, type Texts } from '../../lib/i18n';
import styles from '../players/players.module.css';
import { usePost } from '../players/use-post';

/**
 * The profile's choice not to be shown among the new winners (issue 26): when ticked, the
 * player's wins never appear on /nyevindere or the start page, and a jackpot they win is shown
 * with "Anonym spiller". Saved by the button, as the offers' choice is.
 */
export function WinnersOptOut({ initial, texts }: { initial: boolean; texts: Texts }) {
  const t = textsTranslator(texts);
  const [optOut, setOptOut] = useState(initial);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const { busy, post } = usePost();

  const router = useRouter();
  async function submit(event: FormEvent) {
    event.preventDefault();
    const answer = await post('/api/winners/opt-out', { winnersOptOut: optOut });
    // The pages this browser holds from before (the menu's prefetched /nyevindere, the start page)
    // are fetched again: the choice shows at the next click, not after a reload.
    if (answer.ok) router.refresh();
    setStatus(
      answer.ok ? { ok: true, text: t('profile.winners_saved') } : { ok: false, text: answer.body.message ?? t('profile.save_error') },
    );
  }

  return (
    <form className={styles.form} onSubmit={submit} data-testid="winners-opt-out">
      <label className={styles.check}>
        <input type="checkbox" name="winnersOptOut" checked={optOut} onChange={(event) => setOptOut(event.target.checked)} />
        {t('profile.winners_opt_out')}
      </label>
      <div role="status">{status ? <p className={status.ok ? styles.muted : styles.fieldError}>{status.text}</p> : null}</div>
      <button type="submit" className={styles.submit} aria-disabled={busy || undefined} disabled={busy}>
        {busy ? <span className={styles.spinner} aria-hidden="true" /> : null}
        {busy ? t('btn.loading') : t('btn.save')}
      </button>
    </form>
  );
}
