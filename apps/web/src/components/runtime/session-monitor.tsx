'use client';

import { useModalDialog } from './use-modal-dialog';
import { usePathname } from 'next/navigation';
import { useEffect, useId, useState } from 'react';
import { notifySessionChanged, useLoggedIn } from '../layout/use-logged-in';
import { CLOSE_SESSION_MODAL_EVENT, getLastReconnectAt } from './connectivity';
import { subscribeInteraction } from './interaction';
import { isLoginRequired, loginUrlFor } from '../../lib/login-required';
import styles from './runtime.module.css';
import { createSessionValidator } from './session-validation';
import { text } from './text-keys';

async function validateSession(signal: AbortSignal) {
  const response = await fetch('/api/user/validate-session', {
    method: 'POST',
    signal,
    cache: 'no-store',
    headers: { 'cache-control': 'no-cache', 'x-krone-csrf': '1' },
  });
  return { ok: response.ok, status: response.status };
}

/**
 * While a player is logged in, keeps checking that the session lives (spec §4). When it has
 * ended: the session-expired modal once, the expiry logged, the session cookies cleared (by the
 * log call), and the header and menu back to the guest's.
 */
export function SessionMonitor({ texts }: { texts: Record<string, string> }) {
  const loggedIn = useLoggedIn();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!loggedIn) return;
    const validator = createSessionValidator({
      validate: validateSession,
      lastReconnectAt: getLastReconnectAt,
      onExpired: () => {
        setOpen(true);
        void fetch('/api/logs/session-expire', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ fromRoute: `${window.location.pathname}${window.location.search}`, datetime: new Date().toISOString() }),
        })
          .catch(() => undefined)
          .finally(notifySessionChanged);
      },
    });
    validator.start();
    const unsubscribe = subscribeInteraction((interacted) => {
      if (interacted) validator.check();
    });
    const onVisibility = () => {
      if (document.visibilityState === 'visible') validator.check();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      validator.stop();
      unsubscribe();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [loggedIn]);

  useEffect(() => {
    // The network-lost modal replaces this one (spec §4).
    const close = () => setOpen(false);
    window.addEventListener(CLOSE_SESSION_MODAL_EVENT, close);
    return () => window.removeEventListener(CLOSE_SESSION_MODAL_EVENT, close);
  }, []);

  return open ? <SessionExpiredDialog texts={texts} onClose={() => setOpen(false)} /> : null;
}

function SessionExpiredDialog({ texts, onClose }: { texts: Record<string, string>; onClose: () => void }) {
  const pathname = usePathname() ?? '/';
  const dialog = useModalDialog();
  const titleId = useId();
  const messageId = useId();
  // Back to where the player was, when that page needs a login (spec §2).
  const loginHref =
    pathname !== '/' && isLoginRequired(pathname)
      ? loginUrlFor(`${pathname}${typeof window === 'undefined' ? '' : window.location.search}`)
      : '/log-ind';
  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onClose={onClose}
      data-testid="session-expired"
    >
      <h2 id={titleId} className={styles.dialogTitle}>
        {text(texts, 'modal.session_expired_title')}
      </h2>
      <p id={messageId} className={styles.dialogMessage}>
        {text(texts, 'modal.session_expired_subtitle')}
      </p>
      <div className={styles.actions}>
        <a className={styles.button} href={loginHref}>
          {text(texts, 'modal.session_expired_login')}
        </a>
        <button type="button" className={styles.buttonSecondary} onClick={() => dialog.current?.close()}>
          {text(texts, 'modal.close')}
        </button>
      </div>
    </dialog>
  );
}
