'use client';

import { useId, useState, type FormEvent } from 'react';
import { textsTranslator } from '@/lib/i18n';
import { bareMobile, checkContact, type MobileProvider } from '@/lib/contact-rules';
import styles from './players.module.css';
import { usePost } from './use-post';

type Field = 'email' | 'mobileNo';
const FIELDS: Field[] = ['email', 'mobileNo'];

/**
 * Change of e-mail or mobile number. The platform checks it (format, digits, e-mail not in use)
 * and the browser goes to MitID: only the account holder's own MitID confirmation applies it.
 */
export function ContactChangeForm({
  initial,
  providers,
  texts,
}: {
  initial: { email: string; mobileCc: string; mobileNo: string };
  providers: MobileProvider[];
  texts: Record<string, string>;
}) {
  const t = textsTranslator(texts);
  const id = useId();
  const { busy, post } = usePost();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);

  const check = (): Partial<Record<Field, string>> => checkContact(values, providers);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAlert(null);
    const found = check();
    setErrors(found);
    const firstBad = FIELDS.find((field) => found[field]);
    if (firstBad) {
      document.getElementById(`${id}-${firstBad}`)?.focus();
      return;
    }
    const answer = await post('/api/user/contact-change', { ...values, email: values.email.trim(), mobileNo: bareMobile(values.mobileNo) });
    const next = (answer.body.data as { authorizationUrl?: string } | undefined)?.authorizationUrl;
    if (answer.ok && next) {
      window.location.assign(next);
      return;
    }
    const fields = answer.body.fields ?? {};
    const mapped: Partial<Record<Field, string>> = {};
    for (const field of FIELDS)
      if (fields[field]) mapped[field] = /^(validation|authentication)\./.test(fields[field]!) ? fields[field] : 'validation.invalid_input';
    setErrors(mapped);
    if (Object.keys(mapped).length === 0) setAlert(answer.body.message ?? t('profile.save_error'));
    else document.getElementById(`${id}-${FIELDS.find((field) => mapped[field])}`)?.focus();
  }

  if (!open) {
    return (
      <button type="button" className={styles.secondary} onClick={() => setOpen(true)} data-testid="edit-contact">
        {t('profile.edit_contact')}
      </button>
    );
  }

  const field = (name: Field, label: string, input: React.InputHTMLAttributes<HTMLInputElement>) => (
    <div className={styles.field}>
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        name={name}
        value={values[name]}
        onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        {...input}
      />
      {errors[name] ? (
        <p className={styles.fieldError} id={`${id}-${name}-error`} data-testid={`error-${name}`}>
          {t(errors[name]!)}
        </p>
      ) : null}
    </div>
  );

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="contact-change">
      {alert ? (
        <div className={styles.alert} role="alert">
          {alert}
        </div>
      ) : null}
      <p className={styles.help}>{t('profile.confirm_intro')}</p>
      {field('email', t('register.email_label'), { type: 'email', autoComplete: 'email' })}
      <div className={styles.row}>
        <div className={styles.field}>
          <label htmlFor={`${id}-cc`}>{t('register.country_code_label')}</label>
          <select
            id={`${id}-cc`}
            value={values.mobileCc}
            onChange={(event) => setValues((current) => ({ ...current, mobileCc: event.target.value }))}
          >
            {providers.map((provider) => (
              <option key={provider.code} value={provider.code}>
                {provider.label}
              </option>
            ))}
          </select>
        </div>
        {field('mobileNo', t('register.mobile_label'), { type: 'tel', inputMode: 'tel', autoComplete: 'tel-national' })}
      </div>
      <div className={styles.buttons}>
        <button type="submit" className={styles.submit} aria-disabled={busy || undefined} disabled={busy}>
          {busy ? <span className={styles.spinner} aria-hidden="true" /> : null}
          {busy ? t('btn.loading') : t('profile.save_and_confirm')}
        </button>
        <button
          type="button"
          className={styles.secondary}
          onClick={() => {
            setOpen(false);
            setValues(initial);
            setErrors({});
            setAlert(null);
          }}
        >
          {t('btn.cancel')}
        </button>
      </div>
    </form>
  );
}
