'use client';

import { catalogueKeys, interpolate } from '@krone/domain';
import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { textsTranslator } from '@/lib/i18n';
import { Captcha, type CaptchaHandle } from './captcha';
import styles from './contact.module.css';
import {
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  CONTACT_SUBJECTS,
  normalizeContact,
  validateContact,
  type ContactErrors,
  type ContactField,
  type ContactValues,
} from '@/lib/contact-validation';

export type ContactKind = 'guest' | 'player';

interface ContactAnswer {
  result?: number;
  code?: string;
  message?: string;
  fields?: Record<string, string>;
}

type Status = { tone: 'success' | 'error'; text: string } | null;

const CAPTCHA_CODES: Readonly<Record<string, string>> = catalogueKeys('CAPTCHA_REQUIRED', 'CAPTCHA_EXPIRED', 'CAPTCHA_INVALID');

/** The guest and the player send the same form; analytics tell them apart (spec §1). */
function reportSubmit(kind: ContactKind) {
  window.dispatchEvent(new CustomEvent('krone:contact-submit', { detail: { kind } }));
  const { dataLayer } = window as Window & { dataLayer?: unknown[] };
  if (Array.isArray(dataLayer)) dataLayer.push({ event: kind === 'player' ? 'contact_submit_player' : 'contact_submit_guest' });
}

/**
 * The contact form of spec §1 for guests and players. Checks the same rules as the platform before
 * sending, shows each error next to its field, keeps what was typed on any error, and announces
 * the outcome in a live region.
 */
export function ContactForm({
  kind,
  title,
  initial,
  texts,
}: {
  kind: ContactKind;
  title: string;
  /** A player's name and email, prefilled from the session; empty for a guest. */
  initial: { name: string; email: string };
  texts: Record<string, string>;
}) {
  const t = textsTranslator(texts);
  const id = useId();
  const fieldId = (field: string) => `${id}-${field}`;
  const blank: ContactValues = { name: initial.name, email: initial.email, phone: '', subject: '', message: '' };

  const [values, setValues] = useState<ContactValues>(blank);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const captcha = useRef<CaptchaHandle>(null);

  const captchaTexts = useMemo(
    () => ({
      label: texts['contact_us.captcha_label'] ?? '',
      verifying: texts['contact_us.captcha_verifying'] ?? '',
      verified: texts['contact_us.captcha_verified'] ?? '',
      required: texts['contact_us.captcha_required'] ?? '',
      expired: texts['contact_us.captcha_expired'] ?? '',
      error: texts['contact_us.captcha_error'] ?? '',
    }),
    [texts],
  );

  const change = (field: ContactField) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    // An error goes as soon as the field is right again; new errors wait for the next submit.
    if (errors[field] && !validateContact({ ...values, [field]: value })[field]) {
      setErrors((current) => ({ ...current, [field]: undefined }));
    }
  };

  // Focus moves after the render that shows the error, so a screen reader reads it with the field.
  const [focusTarget, setFocusTarget] = useState<ContactField | 'captcha' | null>(null);
  useEffect(() => {
    if (!focusTarget) return;
    if (focusTarget === 'captcha') captcha.current?.focus();
    else document.getElementById(`${id}-${focusTarget}`)?.focus();
    setFocusTarget(null);
  }, [focusTarget, id]);

  const focusFirstError = (found: ContactErrors) => {
    const first = CONTACT_FIELDS.find((field) => found[field]);
    if (first) setFocusTarget(first);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setStatus(null);

    const found = validateContact(values);
    const payload = captcha.current?.payload() ?? null;
    const captchaExpired = !payload && captcha.current?.state() === 'expired';
    // A challenge that ran out while the player was typing is ticked again from scratch.
    if (captchaExpired) captcha.current?.reset();
    setErrors(found);
    setCaptchaError(payload ? null : t(captchaExpired ? 'contact_us.captcha_expired' : 'contact_us.captcha_required'));
    if (Object.keys(found).length > 0) {
      focusFirstError(found);
      return;
    }
    if (!payload) {
      setFocusTarget('captcha');
      return;
    }

    setSending(true);
    let answer: ContactAnswer;
    try {
      const response = await fetch('/api/contact', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ ...normalizeContact(values), captcha: payload }),
      });
      answer = (await response.json().catch(() => ({}))) as ContactAnswer;
    } catch {
      // Offline or no answer: the generic Danish error below.
      answer = {};
    } finally {
      setSending(false);
    }

    if (answer.result === 1) {
      setValues(blank);
      setErrors({});
      setCaptchaError(null);
      captcha.current?.reset();
      setStatus({ tone: 'success', text: t('contact_us.success') });
      reportSubmit(kind);
      return;
    }

    const captchaKey = answer.code ? CAPTCHA_CODES[answer.code] : undefined;
    if (captchaKey) {
      // A refused or expired challenge cannot be used again: the player ticks the box anew.
      captcha.current?.reset();
      setCaptchaError(t(captchaKey));
      setFocusTarget('captcha');
    }
    if (answer.code === 'INVALID_INPUT' && answer.fields) {
      const fromPlatform: ContactErrors = {};
      for (const field of CONTACT_FIELDS) {
        const code = answer.fields[field];
        if (code) fromPlatform[field] = texts[code] ? code : 'validation.invalid_input';
      }
      setErrors(fromPlatform);
      focusFirstError(fromPlatform);
    }
    const fallback = answer.code === 'RATE_LIMITED' ? t('contact_us.rate_limited') : t('contact_us.error');
    setStatus({ tone: 'error', text: answer.message || fallback });
  }

  const describedBy = (field: ContactField, ...hints: string[]) =>
    [...hints, errors[field] ? `${fieldId(field)}-error` : ''].filter(Boolean).join(' ') || undefined;

  const fieldError = (field: ContactField) =>
    errors[field] ? (
      <p id={`${fieldId(field)}-error`} className={styles.fieldError}>
        {t(errors[field]!)}
      </p>
    ) : null;

  const messageLength = values.message.trim().length;
  const counter = interpolate(t('contact_us.message_counter'), { count: messageLength, max: CONTACT_LIMITS.messageMax });

  return (
    <section className={styles.formCard} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.formTitle}>
        {title}
      </h2>
      <form className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.field}>
          <label htmlFor={fieldId('name')}>{t('contact_us.name')}</label>
          <input
            id={fieldId('name')}
            name="name"
            type="text"
            autoComplete="name"
            required
            maxLength={CONTACT_LIMITS.nameMax}
            placeholder={texts['contact_us.name_placeholder']}
            value={values.name}
            onChange={change('name')}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy('name')}
          />
          {fieldError('name')}
        </div>

        <div className={styles.field}>
          <label htmlFor={fieldId('email')}>{t('contact_us.email')}</label>
          <input
            id={fieldId('email')}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            maxLength={CONTACT_LIMITS.emailMax}
            placeholder={texts['contact_us.email_placeholder']}
            value={values.email}
            onChange={change('email')}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describedBy('email')}
          />
          {fieldError('email')}
        </div>

        <div className={styles.field}>
          <label htmlFor={fieldId('phone')}>{t('contact_us.phone')}</label>
          <input
            id={fieldId('phone')}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder={texts['contact_us.phone_placeholder']}
            value={values.phone}
            onChange={change('phone')}
            aria-invalid={errors.phone ? true : undefined}
            aria-describedby={describedBy('phone')}
          />
          {fieldError('phone')}
        </div>

        <div className={styles.field}>
          <label htmlFor={fieldId('subject')}>{t('contact_us.subject')}</label>
          <select
            id={fieldId('subject')}
            name="subject"
            required
            value={values.subject}
            onChange={change('subject')}
            aria-invalid={errors.subject ? true : undefined}
            aria-describedby={describedBy('subject')}
          >
            <option value="">{t('contact_us.subject_placeholder')}</option>
            {CONTACT_SUBJECTS.map((subject) => (
              <option key={subject} value={subject}>
                {t(`contact_us.subject_${subject}`)}
              </option>
            ))}
          </select>
          {fieldError('subject')}
        </div>

        <div className={styles.field}>
          <label htmlFor={fieldId('message')}>{t('contact_us.message')}</label>
          <textarea
            id={fieldId('message')}
            name="message"
            required
            rows={7}
            placeholder={texts['contact_us.message_placeholder']}
            value={values.message}
            onChange={change('message')}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={describedBy('message', `${fieldId('message')}-counter`)}
          />
          <p
            id={`${fieldId('message')}-counter`}
            className={messageLength > CONTACT_LIMITS.messageMax ? `${styles.counter} ${styles.counterOver}` : styles.counter}
          >
            {counter}
          </p>
          {fieldError('message')}
        </div>

        <Captcha texts={captchaTexts} error={captchaError} errorId={`${id}-captcha-error`} handleRef={captcha} />

        <div className={styles.actions}>
          <button type="submit" className={styles.submit} aria-disabled={sending || undefined} aria-busy={sending || undefined}>
            {sending ? (
              <>
                <span className={styles.spinner} aria-hidden="true" />
                {t('btn.loading')}
              </>
            ) : (
              t('contact_us.submit')
            )}
          </button>
        </div>

        <div
          role="status"
          aria-live="polite"
          aria-atomic="true"
          className={status ? `${styles.status} ${status.tone === 'success' ? styles.statusSuccess : styles.statusError}` : styles.status}
        >
          {status?.text}
        </div>
      </form>
    </section>
  );
}
