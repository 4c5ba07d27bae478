'use client';

import { useId, useState, type FormEvent } from 'react';
import { textsTranslator } from '@/lib/i18n';
import {
  checkDepositLimit,
  DepositLimitFields,
  EMPTY_LIMIT,
  registrationLimitLabels,
  type DepositLimitValue,
} from './deposit-limit-fields';
import styles from './players.module.css';
import { usePost } from './use-post';

/**
 * Registration step three: over 21 and the terms, the welcome bonus or not, and when the bonus is
 * declined the deposit-limit step (spec §2). Completing logs the player in.
 */
export function RegistrationTermsForm({ texts }: { texts: Record<string, string> }) {
  const t = textsTranslator(texts);
  const id = useId();
  const { busy, post } = usePost();
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [bonus, setBonus] = useState<boolean | null>(null);
  const [stage, setStage] = useState<'terms' | 'limit'>('terms');
  const [limit, setLimit] = useState<DepositLimitValue>(EMPTY_LIMIT);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);

  async function complete(body: unknown) {
    setAlert(null);
    const answer = await post('/api/registration/complete', body);
    if (answer.ok) {
      window.location.assign((answer.body.data as { redirect: string }).redirect);
      return;
    }
    if (answer.body.code === 'REGISTRATION_EXPIRED') {
      window.location.assign('/registrer?fejl=REGISTRATION_EXPIRED');
      return;
    }
    setAlert(answer.body.message ?? t('authentication.generic_error'));
  }

  async function submitTerms(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!acceptTerms) found.terms = 'validation.terms_required';
    if (bonus === null) found.bonus = 'validation.required';
    setErrors(found);
    if (Object.keys(found).length) return;
    if (bonus) await complete({ acceptTerms: true, bonus: true });
    else setStage('limit');
  }

  async function submitLimit(event: FormEvent) {
    event.preventDefault();
    // The same choices and checks as the limits page (/min-konto/begraensninger).
    const checked = checkDepositLimit(limit);
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    await complete({ acceptTerms: true, bonus: false, depositLimit: { period: checked.period, amountOre: checked.amountOre } });
  }

  const error = (name: string) =>
    errors[name] ? (
      <p className={styles.fieldError} id={`${id}-${name}-error`} data-testid={`error-${name}`}>
        {t(errors[name]!)}
      </p>
    ) : null;
  const submitButton = (label: string) => (
    <button type="submit" className={styles.submit} aria-disabled={busy || undefined} disabled={busy}>
      {busy ? <span className={styles.spinner} aria-hidden="true" /> : null}
      {busy ? t('register.creating_account') : label}
    </button>
  );
  const alertBox = alert ? (
    <div className={styles.alert} role="alert">
      {alert}
    </div>
  ) : null;

  if (stage === 'limit') {
    return (
      <form className={styles.form} onSubmit={submitLimit} noValidate data-testid="registration-limit">
        <h2>{t('register.step_limit_title')}</h2>
        <p className={styles.muted}>{t('register.step_limit_description')}</p>
        <p className={styles.muted}>{t('register.limit_intro')}</p>
        {alertBox}
        <DepositLimitFields value={limit} onChange={setLimit} errors={errors} texts={texts} labels={registrationLimitLabels(t)} />
        <p className={styles.help}>{t('register.limit_tip')}</p>
        {submitButton(t('btn.done'))}
      </form>
    );
  }

  return (
    <form className={styles.form} onSubmit={submitTerms} noValidate data-testid="registration-terms">
      {alertBox}
      <fieldset className={styles.choices} aria-describedby={errors.bonus ? `${id}-bonus-error` : undefined}>
        <legend className={styles.legend}>{t('register.bonus_title')}</legend>
        <p className={styles.muted}>{t('register.bonus_text')}</p>
        <label className={styles.choice}>
          <input type="radio" name="bonus" checked={bonus === true} onChange={() => setBonus(true)} />
          {t('register.bonus_accept')}
        </label>
        <label className={styles.choice}>
          <input type="radio" name="bonus" checked={bonus === false} onChange={() => setBonus(false)} />
          {t('register.bonus_decline')}
        </label>
        <p className={styles.help}>{t('register.bonus_terms_short')}</p>
      </fieldset>
      {error('bonus')}
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={acceptTerms}
          onChange={(event) => setAcceptTerms(event.target.checked)}
          aria-invalid={errors.terms ? true : undefined}
          aria-describedby={errors.terms ? `${id}-terms-error` : undefined}
          data-testid="accept-terms"
        />
        <span>
          {t('register.accept_terms')
            .split(/(\{terms_link\}|\{privacy_link\})/)
            .map((part, index) =>
              part === '{terms_link}' ? (
                <a key={index} href="/vilkaar-og-betingelser" target="_blank" rel="noopener noreferrer">
                  {t('register.terms_link_text')}
                </a>
              ) : part === '{privacy_link}' ? (
                <a key={index} href="/persondatapolitik" target="_blank" rel="noopener noreferrer">
                  {t('register.privacy_link_text')}
                </a>
              ) : (
                part
              ),
            )}
        </span>
      </label>
      {error('terms')}
      {submitButton(t('btn.continue'))}
    </form>
  );
}
