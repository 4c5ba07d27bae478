import { authErrorView } from '@/lib/auth-errors';
import type { Translate } from '@/lib/i18n';
import styles from './players.module.css';

/** A refused login or registration in Danish, with what the player can do next (spec §8). */
export function AuthError({ code, t, redirect }: { code: string | null; t: Translate; redirect?: string | null }) {
  const view = authErrorView(code);
  if (!view) return null;
  const back = redirect ? `&redirect=${encodeURIComponent(redirect)}` : '';
  return (
    <div className={styles.alert} role="alert" data-testid="auth-error" data-code={code}>
      {view.system ? <p className={styles.alertTitle}>{t('authentication.system_notification')}</p> : null}
      <p className={styles.muted}>{t(view.messageKey)}</p>
      {view.offer === 'register' ? (
        <a className="btn btn-primary" href="/registrer">
          {t('authentication.create_account_offer')}
        </a>
      ) : null}
      {view.offer === 'login' ? (
        <a className="btn btn-primary" href={`/api/auth/mitid/start?purpose=login${back}`}>
          {t('authentication.login_offer')}
        </a>
      ) : null}
    </div>
  );
}
