'use client';

import { parseCpr } from '@krone/domain';
import { useId, useRef, useState, type FormEvent } from 'react';
import { textsTranslator } from '@/lib/i18n';
import styles from './players.module.css';
import { usePost } from './use-post';

/** The operator's `verifycpr_loginnoacc` config (spec §5): the CPR check's words and its way to register. */
export interface CprCheckContent {
  title?: string;
  /** Sanitised on the server (lib/rich-text.ts) before it reaches this component. */
  contentHtml?: string;
  button_text?: string;
  register_text?: string;
  register_link?: string;
}

/**
 * A MitID login with no account behind the MitID (spec §8): the person types their CPR, which
 * MitID confirms as theirs on the platform. An account for it is logged in (its MitID linked);
 * none brings the offer to create one, which goes on from the same MitID login.
 */
export function CprCheckForm({
  content,
  redirect,
  texts,
}: {
  content: CprCheckContent;
  redirect: string | null;
  texts: Record<string, string>;
}) {
  const t = textsTranslator(texts);
  const id = useId();
  const { busy, post } = usePost();
  const [cpr, setCpr] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [noAccount, setNoAccount] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const registerLink = content.register_link?.startsWith('/') ? content.register_link : '/registrer';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAlert(null);
    setNoAccount(null);
    const parsed = parseCpr(cpr);
    if (!parsed.ok) {
      setError(parsed.error);
      input.current?.focus();
      return;
    }
    setError(null);
    const answer = await post('/api/registration/cpr-check', { cpr, redirect });
    if (answer.ok) {
      window.location.assign((answer.body.data as { redirect: string }).redirect);
      return;
    }
    const code = answer.body.code;
    const field = answer.body.fields?.cpr;
    if (code === 'NO_ACTIVE_ACCOUNT') setNoAccount(answer.body.message ?? t('authentication.no_active_account_text'));
    else if (code === 'REGISTRATION_EXPIRED') setExpired(true);
    else if (field) {
      setError(field.startsWith('validation.') || field.startsWith('authentication.') ? field : 'validation.invalid_input');
      input.current?.focus();
    } else setAlert(answer.body.message ?? t('authentication.generic_error'));
  }

  if (expired) {
    return (
      <div className={styles.alert} role="alert" data-testid="cpr-check-expired">
        <p className={styles.muted}>{t('authentication.login_check_expired')}</p>
        <a className="btn btn-primary" href="/api/auth/mitid/start?purpose=login">
          {t('login.mitid_button')}
        </a>
      </div>
    );
  }
  return (
    <section className={styles.card} aria-labelledby={`${id}-title`} data-testid="cpr-check">
      <h2 id={`${id}-title`}>{content.title ?? t('login.verify_cpr_title')}</h2>
      {content.contentHtml ? (
        <div
          className="rich-text"
          dangerouslySetInnerHTML={{ __html: content.contentHtml /* sanitised on the server: app/log-ind/page.tsx */ }}
        />
      ) : (
        <p className={styles.muted}>{t('login.verify_cpr_text')}</p>
      )}
      {noAccount ? (
        <div className={styles.alert} role="alert" data-testid="cpr-check-no-account">
          <h3>{t('authentication.no_active_account_title')}</h3>
          <p className={styles.muted}>{noAccount}</p>
          <a className="btn btn-primary" href={registerLink}>
            {t('authentication.create_account_offer')}
          </a>
        </div>
      ) : null}
      {alert ? (
        <div className={styles.alert} role="alert">
          {alert}
        </div>
      ) : null}
      <form className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.field}>
          <label htmlFor={`${id}-cpr`}>{t('register.cpr_label')}</label>
          <input
            id={`${id}-cpr`}
            ref={input}
            value={cpr}
            onChange={(event) => setCpr(event.target.value)}
            inputMode="numeric"
            autoComplete="off"
            maxLength={11}
            placeholder={t('register.cpr_placeholder')}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-cpr-error` : undefined}
          />
          {error ? (
            <p className={styles.fieldError} id={`${id}-cpr-error`} data-testid="error-cpr">
              {t(error)}
            </p>
          ) : null}
        </div>
        <button type="submit" className={styles.submit} aria-disabled={busy || undefined} disabled={busy}>
          {busy ? <span className={styles.spinner} aria-hidden="true" /> : null}
          {busy ? t('btn.loading') : (content.button_text ?? t('login.verify_cpr_button'))}
        </button>
      </form>
      {noAccount ? null : (
        <p className={styles.muted}>
          <a href={registerLink} data-testid="cpr-check-register">
            {content.register_text ?? t('authentication.create_account_offer')}
          </a>
        </p>
      )}
    </section>
  );
}
