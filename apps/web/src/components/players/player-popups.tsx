'use client';

import { useModalDialog } from '../runtime/use-modal-dialog';
import { formatDateTimeDa } from '@krone/domain';
import { usePathname } from 'next/navigation';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { GAMES_PATH, isBuiltRoute } from '@/lib/built-routes';
import { textsTranslator } from '@/lib/i18n';
import type { NotifySettings } from '@/lib/platform-types';
import styles from '../runtime/runtime.module.css';
import { text } from '../runtime/text-keys';
import { marketingCookie, shouldShowMarketingPopup, type MarketingPopupContent, type MarketingSettings } from '../../lib/marketing-rules';
import { patchPlayerProfile, showsWelcomeOffer, usePlayerProfile, type PlayerProfile } from './player-profile';

/** Set by /loginsuccess just before it moves on: "login" or "registration". */
export const WELCOME_FLAG = 'krone.welcome';

function takeWelcomeFlag(): string | null {
  try {
    const value = window.sessionStorage.getItem(WELCOME_FLAG);
    window.sessionStorage.removeItem(WELCOME_FLAG);
    return value;
  } catch {
    return null;
  }
}

/**
 * The logged-in player's popups: the welcome popup once after a login or registration, then the
 * marketing-acceptance popup 3000 ms after the profile loaded when spec §4's conditions hold.
 * Only one shows at a time; the marketing popup waits for the welcome popup to close.
 */
export function PlayerPopups({
  texts,
  popup,
  settings,
}: {
  texts: Record<string, string>;
  popup: MarketingPopupContent;
  settings: MarketingSettings;
}) {
  const state = usePlayerProfile();
  const profile = state.status === 'ready' ? state.profile : null;
  const [welcome, setWelcome] = useState<string | null>(null);
  const [marketingDue, setMarketingDue] = useState(false);
  const [marketingDone, setMarketingDone] = useState(false);
  const userId = profile?.userId;
  // /loginsuccess is only on the way; the popups open where the player lands.
  const passing = usePathname() === '/loginsuccess';

  useEffect(() => {
    if (passing) return;
    if (userId) setWelcome(takeWelcomeFlag());
    else {
      setWelcome(null);
      setMarketingDue(false);
      setMarketingDone(false);
    }
  }, [userId, passing]);

  useEffect(() => {
    if (!profile || marketingDone || passing) return;
    const show = shouldShowMarketingPopup({
      popup,
      settings,
      cookie: document.cookie,
      emailNotify: profile.emailNotify,
      notificationDay: profile.marketingNotificationDay,
      now: new Date(),
    });
    if (!show) return;
    const timer = window.setTimeout(() => setMarketingDue(true), settings.delayMs);
    return () => window.clearTimeout(timer);
    // Decided once per loaded profile (userId); later changes come from the popup itself.
  }, [userId, marketingDone, passing]);

  if (!profile || passing) return null;
  if (welcome) return <WelcomePopup texts={texts} profile={profile} first={welcome === 'registration'} onClose={() => setWelcome(null)} />;
  if (marketingDue && !marketingDone)
    return (
      <MarketingPopup
        texts={texts}
        popup={popup}
        settings={settings}
        onDone={() => {
          setMarketingDue(false);
          setMarketingDone(true);
        }}
      />
    );
  return null;
}

function Dialog({ testId, title, children, onClose }: { testId: string; title: string; children: ReactNode; onClose: () => void }) {
  const dialog = useModalDialog();
  const titleId = useId();
  return (
    <dialog
      ref={dialog}
      className={`${styles.dialog} ${styles.dialogWide}`}
      aria-labelledby={titleId}
      onClose={onClose}
      data-testid={testId}
    >
      <h2 id={titleId} className={styles.dialogTitle}>
        {title}
      </h2>
      {children}
    </dialog>
  );
}

function WelcomePopup({
  texts,
  profile,
  first,
  onClose,
}: {
  texts: Record<string, string>;
  profile: PlayerProfile;
  first: boolean;
  onClose: () => void;
}) {
  const t = textsTranslator(texts);
  const close = (event: { currentTarget: HTMLElement }) => event.currentTarget.closest('dialog')?.close();
  const nonDepositor = profile.playerType !== 'Depositor';
  const offer = showsWelcomeOffer(profile);
  return (
    <Dialog
      testId="welcome-popup"
      title={t(first ? 'welcome_popup.title_first' : 'welcome_popup.title', { name: profile.firstName })}
      onClose={onClose}
    >
      {!first && profile.previousLogin ? (
        <p className={styles.dialogMessage}>{t('welcome_popup.last_login', { date: formatDateTimeDa(profile.previousLogin) })}</p>
      ) : null}
      {offer ? (
        <section className={styles.offer}>
          <h3>{t('welcome_popup.offer_title')}</h3>
          <p>{t('welcome_popup.offer_text')}</p>
          <p className={styles.smallPrint}>{t('welcome_popup.offer_terms')}</p>
        </section>
      ) : null}
      <p className={styles.smallPrint}>{t('welcome_popup.responsible_note')}</p>
      <div className={styles.actions}>
        {nonDepositor ? (
          <a className={styles.button} href="/min-konto/overfoer">
            {t('welcome_popup.deposit_cta')}
          </a>
        ) : isBuiltRoute(GAMES_PATH) ? (
          <a className={styles.button} href={GAMES_PATH}>
            {t('welcome_popup.play_cta')}
          </a>
        ) : null}
        <button type="button" className={styles.buttonSecondary} onClick={close}>
          {t('welcome_popup.close')}
        </button>
      </div>
    </Dialog>
  );
}

function MarketingPopup({
  texts,
  popup,
  settings,
  onDone,
}: {
  texts: Record<string, string>;
  popup: MarketingPopupContent;
  settings: MarketingSettings;
  onDone: () => void;
}) {
  const [status, setStatus] = useState<'idle' | 'busy' | 'saved' | 'error'>('idle');
  const dialogClose = (element: HTMLElement) => element.closest('dialog')?.close();

  async function answer(accepted: boolean, element: HTMLElement) {
    // The cookie keeps the popup away on this browser whatever the answer, and whether or not
    // it could be saved, for the configured days (spec §9).
    document.cookie = marketingCookie(settings, window.location.protocol === 'https:');
    setStatus('busy');
    try {
      const response = await fetch('/api/user/marketing-notification', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ accepted }),
      });
      const body = (await response.json()) as { result?: number; data?: { day: string; notify: NotifySettings | null } };
      if (!response.ok || body.result !== 1 || !body.data) throw new Error('not saved');
      patchPlayerProfile({
        marketingNotificationDay: body.data.day,
        ...(body.data.notify ? { emailNotify: body.data.notify.emailNotify ? 1 : 0, smsNotify: body.data.notify.smsNotify ? 1 : 0 } : {}),
      });
      if (!accepted) return dialogClose(element);
      setStatus('saved');
    } catch {
      setStatus('error');
    }
  }

  return (
    <Dialog testId="marketing-popup" title={popup.title} onClose={onDone}>
      <div
        className={`rich-text ${styles.dialogMessage}`}
        dangerouslySetInnerHTML={{ __html: popup.detail /* sanitised on the server: lib/site.ts */ }}
      />
      <div role="status">
        {status === 'saved' ? <p>{text(texts, 'modal.marketing_saved')}</p> : null}
        {status === 'error' ? <p>{text(texts, 'modal.marketing_error')}</p> : null}
      </div>
      <div className={styles.actions}>
        {status === 'saved' || status === 'error' ? (
          <button type="button" className={styles.button} onClick={(event) => dialogClose(event.currentTarget)}>
            {text(texts, 'modal.close')}
          </button>
        ) : (
          <>
            <button
              type="button"
              className={styles.button}
              disabled={status === 'busy'}
              onClick={(event) => void answer(true, event.currentTarget)}
              data-testid="marketing-accept"
            >
              {text(texts, 'modal.marketing_accept')}
            </button>
            <button
              type="button"
              className={styles.buttonSecondary}
              disabled={status === 'busy'}
              onClick={(event) => void answer(false, event.currentTarget)}
              data-testid="marketing-decline"
            >
              {text(texts, 'modal.marketing_decline')}
            </button>
          </>
        )}
      </div>
    </Dialog>
  );
}
