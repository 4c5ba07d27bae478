import 'server-only';
import { loadProfile } from './session';

/** Who is writing: the two variants of the contact form (spec §1), decided on the server only. */
export type ContactSender = { kind: 'guest' } | { kind: 'player'; playerId: string; name: string; email: string };

/** A logged-in player writes as themselves (prefilled, sent with their id); anyone else as a guest. */
export async function getContactSender(): Promise<ContactSender> {
  const profile = await loadProfile();
  if (!profile) return { kind: 'guest' };
  const { userInfo } = profile;
  return { kind: 'player', playerId: userInfo.userId, name: `${userInfo.firstName} ${userInfo.lastName}`.trim(), email: userInfo.email };
}
