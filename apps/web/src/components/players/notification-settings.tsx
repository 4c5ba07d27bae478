'use client';

import { useState, type FormEvent } from 'react';
import { textsTranslator } from '@/lib/i18n';
import styles from './players.module.css';
import { usePost } from './use-post';

/** Offers by e-mail and SMS: the player's own consent, saved at once. */
export function NotificationSettings({
  initial,
  texts,
}: {
  initial: { emailNotify: boolean; smsNotify: boolean };
  texts: Record<string, string>;
}) {
  const t = textsTranslator(texts);
  const [values, setValues] = useState(initial);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const { busy, post } = usePost();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const answer = await post('/api/user/notify', values);
    setStatus(
      answer.ok
        ? { ok: true, text: t('profile.notifications_saved') }
        : { ok: false, text: answer.body.message ?? t('profile.save_error') },
    );
  }

  return (
    <form className={styles.form} onSubmit={submit} data-testid="notification-settings">
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={values.emailNotify}
          onChange={(event) => setValues((v) => ({ ...v, emailNotify: event.target.checked }))}
        />
        {t('profile.email_notify')}
      </label>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={values.smsNotify}
          onChange={(event) => setValues((v) => ({ ...v, smsNotify: event.target.checked }))}
        />
        {t('profile.sms_notify')}
      </label>
      <div role="status">{status ? <p className={status.ok ? styles.muted : styles.fieldError}>{status.text}</p> : null}</div>
      <button type="submit" className={styles.submit} aria-disabled={busy || undefined} disabled={busy}>
        {busy ? <span className={styles.spinner} aria-hidden="true" /> : null}
        {busy ? t('btn.loading') : t('btn.save')}
      </button>
    </form>
  );
}
