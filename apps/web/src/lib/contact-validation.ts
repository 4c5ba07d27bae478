import { MOBILE_COUNTRY_CODE_PATTERN } from '@krone/domain';

/**
 * The contact form's rules, mirroring the platform's schema (apps/platform/src/support/routes.ts)
 * so the player sees the same Danish message before and after a round trip. Each rule yields the
 * translation key the platform would answer in `fields`.
 */
export const CONTACT_SUBJECTS = ['account', 'payment', 'bonus', 'technical', 'responsible', 'other'] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

export const CONTACT_LIMITS = { nameMax: 100, emailMax: 254, messageMin: 10, messageMax: 4000 } as const;

export interface ContactValues {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
}
export type ContactField = keyof ContactValues;
export type ContactErrors = Partial<Record<ContactField, string>>;

/** The order fields appear in, so focus goes to the first one in error. */
export const CONTACT_FIELDS: readonly ContactField[] = ['name', 'email', 'phone', 'subject', 'message'];

// zod 4's email pattern, which the platform applies.
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
// Danish (+45) or Greenlandic (+299) numbers; spaces are dropped before the check.
const PHONE = new RegExp(`^(${MOBILE_COUNTRY_CODE_PATTERN})?\\d{6,8}$`);

export const isContactSubject = (value: string): value is ContactSubject => (CONTACT_SUBJECTS as readonly string[]).includes(value);

/** What is sent: trimmed, and the phone without the spaces people type ("12 34 56 78"). */
export function normalizeContact(values: ContactValues): ContactValues {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    phone: values.phone.replace(/\s+/g, ''),
    subject: values.subject,
    message: values.message.trim(),
  };
}

export function validateContact(values: ContactValues): ContactErrors {
  const v = normalizeContact(values);
  const errors: ContactErrors = {};
  if (!v.name) errors.name = 'validation.required';
  else if (v.name.length > CONTACT_LIMITS.nameMax) errors.name = 'validation.too_long';

  if (!v.email) errors.email = 'validation.email_required';
  else if (v.email.length > CONTACT_LIMITS.emailMax) errors.email = 'validation.too_long';
  else if (!EMAIL.test(v.email)) errors.email = 'validation.email_invalid';

  if (v.phone && !PHONE.test(v.phone)) errors.phone = 'validation.phone_digits';

  if (!isContactSubject(v.subject)) errors.subject = 'validation.subject_required';

  if (!v.message) errors.message = 'validation.message_required';
  else if (v.message.length < CONTACT_LIMITS.messageMin) errors.message = 'validation.too_short';
  else if (v.message.length > CONTACT_LIMITS.messageMax) errors.message = 'contact_us.message_too_long';
  return errors;
}

/** Every key the form may show, so the page can hand exactly these to the client. */
export const CONTACT_TEXT_KEYS = [
  'contact_us.name',
  'contact_us.name_placeholder',
  'contact_us.email',
  'contact_us.email_placeholder',
  'contact_us.phone',
  'contact_us.phone_placeholder',
  'contact_us.subject',
  'contact_us.subject_placeholder',
  ...CONTACT_SUBJECTS.map((subject) => `contact_us.subject_${subject}`),
  'contact_us.message',
  'contact_us.message_placeholder',
  'contact_us.message_counter',
  'contact_us.message_too_long',
  'contact_us.submit',
  'contact_us.success',
  'contact_us.error',
  'contact_us.rate_limited',
  'contact_us.captcha_label',
  'contact_us.captcha_verifying',
  'contact_us.captcha_verified',
  'contact_us.captcha_required',
  'contact_us.captcha_expired',
  'contact_us.captcha_error',
  'validation.required',
  'validation.email_required',
  'validation.email_invalid',
  'validation.phone_digits',
  'validation.subject_required',
  'validation.message_required',
  'validation.too_short',
  'validation.too_long',
  'validation.invalid_input',
  'btn.loading',
] as const;
