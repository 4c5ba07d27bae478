import 'server-only';
import { cookies } from 'next/headers';
import { platformNoStore } from './platform';
import { REGISTRATION_COOKIE } from './session';

/** The registration under way in this browser, as the platform sees it; null when there is none. */
export async function loadRegistration() {
  const id = (await cookies()).get(REGISTRATION_COOKIE)?.value;
  if (!id) return { id: null, state: null, expired: false };
  try {
    const { data, error } = await platformNoStore.GET('/Players/registrations/{registrationId}', {
      params: { path: { registrationId: id } },
    });
    return { id, state: data?.data ?? null, expired: error?.code === 'REGISTRATION_EXPIRED' };
  } catch {
    return { id, state: null, expired: false };
  }
}
