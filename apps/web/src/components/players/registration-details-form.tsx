'use client';

import { DEFAULT_MOBILE_COUNTRY_CODE, parseCpr } from '@krone/domain';
import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';
import { textsTranslator } from '@/lib/i18n';
import { bareMobile, checkContact, type MobileProvider } from '@/lib/contact-rules';
import styles from './players.module.css';
import { usePost } from './use-post';
import { AgePopup, rememberAgePopup } from './age-popup';
import { dayOfAge, inAgeRange, type AgePopupContent, type AgeRange } from '@/lib/age-popup';

export type { MobileProvider } from '@/lib/contact-rules';

type Field = 'cpr' | 'firstName' | 'lastName' | 'email' | 'mobileNo';
const FIELDS: Field[] = ['cpr', 'firstName', 'lastName', 'email', 'mobileNo'];

/** Registration step two: CPR (confirmed by MitID on the platform), names, e-mail, mobile. */
export function RegistrationDetailsForm({
  prefill,
  providers,
  texts,
  agePopup = null,
}: {
  prefill: { firstName: string; lastName: string; email?: string; mobileCc?: string; mobileNo?: string };
  providers: MobileProvider[];
  texts: Record<string, string>;
  /** The age popup for a person old enough in law but under the site's limit (lib/age-popup.ts). */
  agePopup?: { content: AgePopupContent; range: AgeRange; minAge: number } | null;
}) {
  const t = textsTranslator(texts);
  const router = useRouter();
  const id = useId();
  const { busy, post } = usePost();
  const [values, setValues] = useState({
    cpr: '',
    firstName: prefill.firstName,
    lastName: prefill.lastName,
    email: prefill.email ?? '',
    mobileCc: prefill.mobileCc ?? providers[0]?.code ?? DEFAULT_MOBILE_COUNTRY_CODE,
    mobileNo: prefill.mobileNo ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [ageShown, setAgeShown] = useState(false);

  function check(): Partial<Record<Field, string>> {
    const found: Partial<Record<Field, string>> = {};
    const cpr = parseCpr(values.cpr);
    if (!cpr.ok) found.cpr = cpr.error;
    if (!values.firstName.trim()) found.firstName = 'validation.first_name_required';
    if (!values.lastName.trim()) found.lastName = 'validation.last_name_required';
    return { ...found, ...checkContact(values, providers) };
  }

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
    const answer = await post('/api/registration/details', { ...values, mobileNo: bareMobile(values.mobileNo) });
    if (answer.ok) {
      router.refresh();
      return;
    }
    const fields = answer.body.fields ?? {};
    const mapped: Partial<Record<Field, string>> = {};
    for (const field of FIELDS)
      if (fields[field])
        mapped[field] =
          fields[field]!.startsWith('validation.') || fields[field]!.startsWith('authentication.')
            ? fields[field]
            : 'validation.invalid_input';
    setErrors(mapped);
    const cpr = parseCpr(values.cpr);
    if (answer.body.code === 'UNDER_MIN_AGE' && agePopup && cpr.ok && inAgeRange(cpr.birthDate, agePopup.range, new Date())) {
      rememberAgePopup(dayOfAge(cpr.birthDate, agePopup.minAge));
      setAgeShown(true);
    }
    if (answer.body.code === 'REGISTRATION_EXPIRED') {
      router.refresh();
      return;
    }
    if (Object.keys(mapped).length === 0) setAlert(answer.body.message ?? t('authentication.generic_error'));
    else document.getElementById(`${id}-${FIELDS.find((field) => mapped[field])}`)?.focus();
  }

  const field = (name: Field, label: string, input: React.InputHTMLAttributes<HTMLInputElement>, help?: string) => (
    <div className={styles.field}>
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        name={name}
        value={values[name]}
        onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={
          [help ? `${id}-${name}-help` : '', errors[name] ? `${id}-${name}-error` : ''].filter(Boolean).join(' ') || undefined
        }
        {...input}
      />
      {help ? (
        <p className={styles.help} id={`${id}-${name}-help`}>
          {help}
        </p>
      ) : null}
      {errors[name] ? (
        <p className={styles.fieldError} id={`${id}-${name}-error`} data-testid={`error-${name}`}>
          {t(errors[name]!)}
        </p>
      ) : null}
    </div>
  );

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="registration-details">
      {ageShown && agePopup ? <AgePopup content={agePopup.content} closeText={t('btn.close')} onClose={() => setAgeShown(false)} /> : null}
      {alert ? (
        <div className={styles.alert} role="alert">
          {alert}
        </div>
      ) : null}
      {field(
        'cpr',
        t('register.cpr_label'),
        { inputMode: 'numeric', autoComplete: 'off', placeholder: t('register.cpr_placeholder'), maxLength: 11 },
        t('register.cpr_help'),
      )}
      {field('firstName', t('register.first_name_label'), {
        autoComplete: 'given-name',
        placeholder: t('register.first_name_placeholder'),
      })}
      {field('lastName', t('register.last_name_label'), { autoComplete: 'family-name', placeholder: t('register.last_name_placeholder') })}
      {field('email', t('register.email_label'), { type: 'email', autoComplete: 'email', placeholder: t('register.email_placeholder') })}
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
        {field('mobileNo', t('register.mobile_label'), {
          type: 'tel',
          inputMode: 'tel',
          autoComplete: 'tel-national',
          placeholder: t('register.mobile_placeholder'),
        })}
      </div>
      <button type="submit" className={styles.submit} aria-disabled={busy || undefined} disabled={busy}>
        {busy ? <span className={styles.spinner} aria-hidden="true" /> : null}
        {busy ? t('btn.loading') : t('btn.continue')}
      </button>
    </form>
  );
}
