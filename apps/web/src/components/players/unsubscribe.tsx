'use client';

import { useEffect, useRef, useState } from 'react';
import { textsTranslator } from '@/lib/i18n';
import styles from './players.module.css';

type Channel = 'email' | 'sms' | 'brand';
const SUCCESS_KEY: Record<Channel, string> = {
  email: 'unsubscribe.email_success',
  sms: 'unsubscribe.sms_success',
  brand: 'unsubscribe.brand_success',
};

/**
 * Unsubscribes as soon as the page opens from the link (one click, as the e-mail promised), and
 * says how it went in Danish. A failed or invalid link asks the player to log in and unsubscribe
 * under their profile (spec §8).
 */
export function Unsubscribe({ channel, guid, texts }: { channel: Channel; guid: string | null; texts: Record<string, string> }) {
  const t = textsTranslator(texts);
  const [state, setState] = useState<'working' | 'done' | 'failed'>(guid ? 'working' : 'failed');
  const sent = useRef(false);
  useEffect(() => {
    if (!guid || sent.current) return;
    sent.current = true;
    fetch('/api/unsubscribe', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ channel, guid }) })
      .then(async (response) => setState(response.ok && (await response.json()).result === 1 ? 'done' : 'failed'))
      .catch(() => setState('failed'));
  }, [channel, guid]);

  return (
    <div className={styles.card} role="status" data-testid="unsubscribe-status" data-state={state}>
      {state === 'working' ? <p className={styles.muted}>{t('unsubscribe.processing')}</p> : null}
      {state === 'done' ? (
        <>
          <p>{t(SUCCESS_KEY[channel])}</p>
          <p className={styles.help}>{t('unsubscribe.delay_note')}</p>
          <p className={styles.help}>{t('unsubscribe.service_messages_note')}</p>
        </>
      ) : null}
      {state === 'failed' ? (
        <>
          <p>{t(guid ? 'unsubscribe.error' : 'unsubscribe.invalid_link')}</p>
          <a className="btn btn-primary" href="/log-ind?redirect=%2Fmin-konto%2Fprofil">
            {t('unsubscribe.login_button')}
          </a>
        </>
      ) : null}
      <a className="btn btn-outline" href="/">
        {t('unsubscribe.back_home')}
      </a>
    </div>
  );
}
