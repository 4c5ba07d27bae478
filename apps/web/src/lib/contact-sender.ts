import 'server-only';
import { fetchProfile, sessionToken } from './session';

/** Who is writing: the two variants of the contact form (spec §1), decided on the server only. */
export type ContactSender = { kind: 'guest' } | { kind: 'player'; sessionToken: string; name: string; email: string };

/**
 * A logged-in player writes as themselves (prefilled; the platform takes the player from the
 * session token, never from an id sent along); anyone else as a guest.
 */
export async function getContactSender(): Promise<ContactSender> {
  const token = await sessionToken();
  const profile = token ? await fetchProfile(token).catch(() => null) : null;
  if (!token || !profile) return { kind: 'guest' };
  const { userInfo } = profile;
  return { kind: 'player', sessionToken: token, name: `${userInfo.firstName} ${userInfo.lastName}`.trim(), email: userInfo.email };
}
