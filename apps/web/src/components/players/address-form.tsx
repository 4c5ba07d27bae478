'use client';

import { checkAddress, type AddressField } from '@krone/domain';
import { useId, useState, type FormEvent } from 'react';
import { textsTranslator } from '@/lib/i18n';
import styles from './players.module.css';
import { usePost } from './use-post';

export interface AddressValue {
  address1: string;
  address2: string;
  zip: string;
  city: string;
}

const FIELDS: AddressField[] = ['address1', 'address2', 'zip', 'city'];

/**
 * The profile's address: what the player has given, and the form to complete or change it,
 * checked here as the platform checks it (domain `checkAddress`), each error beside its field.
 */
export function AddressForm({ initial, texts }: { initial: AddressValue; texts: Record<string, string> }) {
  const t = textsTranslator(texts);
  const id = useId();
  const { busy, post } = usePost();
  const [saved, setSaved] = useState(initial);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<AddressField, string>>>({});
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setStatus(null);
    const checked = checkAddress(values);
    const found = checked.ok ? {} : checked.errors;
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    const answer = await post('/api/user/address', values);
    if (answer.ok) {
      const next = answer.body.data as AddressValue;
      setSaved(next);
      setValues(next);
      setStatus({ ok: true, text: t('profile.address_saved') });
      return;
    }
    const fields = (answer.body.fields ?? {}) as Partial<Record<AddressField, string>>;
    if (Object.keys(fields).length > 0) setErrors(fields);
    else setStatus({ ok: false, text: answer.body.message ?? t('profile.save_error') });
  }

  const shown = [saved.address1, saved.address2, [saved.zip, saved.city].filter(Boolean).join(' ')].filter(Boolean);
  const field = (name: AddressField, label: string, input: React.InputHTMLAttributes<HTMLInputElement>) => (
    <div className={styles.field}>
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
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
    <>
      <p className={styles.muted} data-testid="profile-address">
        {shown.length > 0 ? shown.join(', ') : t('profile.address_missing')}
      </p>
      <form className={styles.form} onSubmit={submit} noValidate data-testid="address-form">
        {field('address1', t('profile.address1_label'), { autoComplete: 'address-line1', maxLength: 100 })}
        {field('address2', t('profile.address2_label'), { autoComplete: 'address-line2', maxLength: 100 })}
        <div className={styles.row}>
          {field('zip', t('profile.zip_label'), { autoComplete: 'postal-code', inputMode: 'numeric', maxLength: 4 })}
          {field('city', t('profile.city_label'), { autoComplete: 'address-level2', maxLength: 50 })}
        </div>
        {status ? (
          <p
            className={status.ok ? `${styles.alert} ${styles.success}` : styles.alert}
            role={status.ok ? 'status' : 'alert'}
            data-testid="address-status"
          >
            {status.text}
          </p>
        ) : null}
        <button type="submit" className={styles.submit} aria-disabled={busy || undefined} disabled={busy}>
          {busy ? <span className={styles.spinner} aria-hidden="true" /> : null}
          {busy ? t('btn.loading') : t('profile.address_save')}
        </button>
      </form>
    </>
  );
}
