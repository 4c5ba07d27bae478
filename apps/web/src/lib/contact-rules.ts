/** The e-mail and mobile rules of spec §5, shared by registration and the profile's contact change. */
export interface MobileProvider {
  code: string;
  label: string;
  digits: number;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** The mobile number without spaces and dashes, as it is sent and stored. */
export const bareMobile = (value: string) => value.replace(/[\s-]/g, '');

/** The message keys of what is wrong with an e-mail and a mobile number; empty when nothing. */
export function checkContact(
  values: { email: string; mobileCc: string; mobileNo: string },
  providers: MobileProvider[],
): { email?: string; mobileNo?: string } {
  const found: { email?: string; mobileNo?: string } = {};
  if (!values.email.trim()) found.email = 'validation.email_required';
  else if (!EMAIL.test(values.email.trim())) found.email = 'validation.email_invalid';
  const digits = providers.find((p) => p.code === values.mobileCc)?.digits ?? 8;
  const mobile = bareMobile(values.mobileNo);
  if (!mobile) found.mobileNo = 'validation.mobile_required';
  else if (!new RegExp(`^\\d{${digits}}$`).test(mobile)) found.mobileNo = 'validation.mobile_digits';
  return found;
}
