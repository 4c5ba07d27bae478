/**
 * The stand-ins' test people. Each MitID identity has a fixed uuid, a CPR whose date digits and
 * century digit agree with the birth date, an assurance level and a purpose; ROFUS's excluded
 * list and MobilePay's people are drawn from the same table. Browser and integration tests import
 * these instead of copying numbers. The MitID people, and the CPR and age rules they are made
 * with, are in mitid-people.ts; this module has their shape, the look-ups and MobilePay's people.
 */
import { mitidIdentities } from './mitid-people.js';

export { copenhagenDay, cprFor, mitidIdentities } from './mitid-people.js';

export type Loa = 'low' | 'substantial' | 'high';

export interface MitIdIdentity {
  uuid: string;
  givenName: string;
  familyName: string;
  birthDate: string;
  cpr: string;
  loa: Loa;
  purpose: string;
  /** What choosing this person at the broker does besides logging in. */
  behaviour?: 'technical_error' | 'expired_login';
  rofus?: { until: string | null; permanent: boolean };
  /** false for a person with no NemKonto: payouts to them are rejected. */
  nemkonto?: boolean;
}

export interface MobilePayIdentity {
  sub: string;
  givenName: string;
  familyName: string;
  birthDate: string;
  phoneNumber: string;
  /** Whether MobilePay vouches for the number (the `phone_number_verified` claim); true unless said. */
  phoneNumberVerified?: boolean;
  email: string;
  purpose: string;
}

export const MITID_IDENTITIES = mitidIdentities();
export const mitidIdentity = (uuid: string, list = MITID_IDENTITIES) => list.find((identity) => identity.uuid === uuid);

/** MobilePay's people: one is Mette Hansen (once she registered with this number), one has no account. */
export const MOBILEPAY_IDENTITIES: MobilePayIdentity[] = [
  {
    sub: 'mp-2f6d9a1e-0b1c-4d2e-8f3a-000000000001',
    givenName: 'Mette',
    familyName: 'Hansen',
    birthDate: '1988-04-12',
    phoneNumber: '+4520304050',
    email: 'mette.hansen@example.dk',
    purpose: 'Mette Hansen: logs in once her account has the mobile number +45 20 30 40 50.',
  },
  {
    sub: 'mp-2f6d9a1e-0b1c-4d2e-8f3a-000000000002',
    givenName: 'Ukendt',
    familyName: 'Bruger',
    birthDate: '1991-07-07',
    phoneNumber: '+4599887766',
    email: 'ukendt@example.dk',
    purpose: 'A MobilePay user with no Krone account.',
  },
  {
    sub: 'mp-2f6d9a1e-0b1c-4d2e-8f3a-000000000003',
    givenName: 'Mette',
    familyName: 'Hansen',
    birthDate: '1988-04-12',
    phoneNumber: '+4520304050',
    phoneNumberVerified: false,
    email: 'mette.hansen@example.net',
    purpose: 'Mette Hansen’s number and birth date, but MobilePay has not verified the number: never linked to her account.',
  },
];

export const NSIS_LOA: Record<Loa, string> = {
  low: 'https://data.gov.dk/concept/core/nsis/loa/Low',
  substantial: 'https://data.gov.dk/concept/core/nsis/loa/Substantial',
  high: 'https://data.gov.dk/concept/core/nsis/loa/High',
};
