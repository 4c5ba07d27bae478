import { describe, expect, it } from 'vitest';
import { normalizeContact, validateContact, type ContactValues } from './contact-validation';

const valid: ContactValues = {
  name: 'Mette Hansen',
  email: 'mette@eksempel.dk',
  phone: '',
  subject: 'payment',
  message: 'Min indbetaling er ikke kommet frem.',
};

describe('contact form validation (mirrors the platform)', () => {
  it('accepts a complete message, with or without a phone number', () => {
    expect(validateContact(valid)).toEqual({});
    expect(validateContact({ ...valid, phone: '12 34 56 78' })).toEqual({});
    expect(validateContact({ ...valid, phone: '+299 123456' })).toEqual({});
  });

  it('names the empty required fields', () => {
    expect(validateContact({ name: ' ', email: '', phone: '', subject: '', message: '   ' })).toEqual({
      name: 'validation.required',
      email: 'validation.email_required',
      subject: 'validation.subject_required',
      message: 'validation.message_required',
    });
  });

  it('checks the email format, the phone digits and an unknown subject', () => {
    expect(validateContact({ ...valid, email: 'mette@eksempel' }).email).toBe('validation.email_invalid');
    expect(validateContact({ ...valid, email: 'mette.eksempel.dk' }).email).toBe('validation.email_invalid');
    expect(validateContact({ ...valid, phone: '1234' }).phone).toBe('validation.phone_digits');
    expect(validateContact({ ...valid, phone: '+46 12345678' }).phone).toBe('validation.phone_digits');
    expect(validateContact({ ...valid, subject: 'casino' }).subject).toBe('validation.subject_required');
  });

  it('keeps the message between 10 and 4000 characters after trimming', () => {
    expect(validateContact({ ...valid, message: '  123456789  ' }).message).toBe('validation.too_short');
    expect(validateContact({ ...valid, message: '1234567890' }).message).toBeUndefined();
    expect(validateContact({ ...valid, message: 'x'.repeat(4000) }).message).toBeUndefined();
    expect(validateContact({ ...valid, message: 'x'.repeat(4001) }).message).toBe('contact_us.message_too_long');
  });

  it('limits the name length like the platform', () => {
    expect(validateContact({ ...valid, name: 'x'.repeat(101) }).name).toBe('validation.too_long');
  });

  it('sends trimmed values and a phone without spaces', () => {
    expect(normalizeContact({ ...valid, name: ' Mette ', email: ' mette@eksempel.dk ', phone: '+45 12 34 56 78' })).toMatchObject({
      name: 'Mette',
      email: 'mette@eksempel.dk',
      phone: '+4512345678',
    });
  });
});
